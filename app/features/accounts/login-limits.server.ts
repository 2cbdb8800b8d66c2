// Login throttling that cannot be turned against an account's owner (item 12).
// Three counters in the shared RateLimiter, all counting failed password checks:
//   - per client address over all accounts (password spraying),
//   - per account and address (guessing one account from one place): that address only,
//   - per account over all addresses: after LOGIN_BACKOFF_AFTER failures each further attempt on
//     the account waits a doubling delay capped at LOGIN_BACKOFF_MAX_S — a captcha-free slowdown
//     that never locks anyone out. An address the owner signed in from recently is exempt.
// See docs/decisions/045-login-throttling-without-lockout.md.
import type { Services } from "../../context.ts";

type RateLimiter = Services["rateLimiter"];

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** failed passwords per client address over all accounts per window */
export const LOGIN_ADDRESS_LIMIT = 30;
/** failed passwords per account from one address per window (that address only is refused) */
export const LOGIN_ACCOUNT_ADDRESS_LIMIT = 5;
/** failed passwords per account from all addresses before the backoff starts */
export const LOGIN_BACKOFF_AFTER = 10;
export const LOGIN_BACKOFF_WINDOW_MS = 60 * 60 * 1000;
export const LOGIN_BACKOFF_MAX_S = 60;
/** how long a successful sign-in exempts its address from the account's backoff */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

const key = {
  address: (address: string) => `login:address:${address}`,
  pair: (email: string, address: string) => `login:pair:${email}:${address}`,
  account: (email: string) => `login:account:${email}`,
  slot: (email: string) => `login:slot:${email}`,
  known: (email: string, address: string) => `login:known:${email}:${address}`,
};

/** Seconds each attempt waits after `failures` failed ones: 0 until the threshold, then 1, 2, 4 … 60. */
export function backoffSeconds(failures: number): number {
  if (failures < LOGIN_BACKOFF_AFTER) return 0;
  return Math.min(LOGIN_BACKOFF_MAX_S, 2 ** Math.min(failures - LOGIN_BACKOFF_AFTER, 16));
}

export type LoginAdmission =
  | { allowed: true }
  /** `limit`: too many failures from this address (minutes); `backoff`: wait the account's delay (seconds) */
  | { allowed: false; reason: "limit" | "backoff"; retryAfter: number };

/**
 * Asks whether a password may be checked now. An admitted attempt is counted against the address
 * and the account+address pair up front (so a burst of parallel posts cannot slip past the
 * limits); `loginSucceeded` takes it back, `loginFailed` keeps it.
 */
export async function admitLogin(limiter: RateLimiter, email: string, address: string): Promise<LoginAdmission> {
  const byAddress = await limiter.hit(key.address(address), LOGIN_ADDRESS_LIMIT, LOGIN_WINDOW_MS);
  if (!byAddress.allowed) {
    await limiter.refund(key.address(address));
    return { allowed: false, reason: "limit", retryAfter: byAddress.retryAfter };
  }
  const byPair = await limiter.hit(key.pair(email, address), LOGIN_ACCOUNT_ADDRESS_LIMIT, LOGIN_WINDOW_MS);
  if (!byPair.allowed) {
    await Promise.all([limiter.refund(key.address(address)), limiter.refund(key.pair(email, address))]);
    return { allowed: false, reason: "limit", retryAfter: byPair.retryAfter };
  }
  const wait = backoffSeconds((await limiter.peek(key.account(email))).count);
  if (wait > 0 && (await limiter.peek(key.known(email, address))).count === 0) {
    // one attempt per slot; the slot's length is the delay due when it opens
    const slot = await limiter.hit(key.slot(email), 1, wait * 1000);
    if (!slot.allowed) {
      await Promise.all([limiter.refund(key.address(address)), limiter.refund(key.pair(email, address))]);
      return { allowed: false, reason: "backoff", retryAfter: slot.retryAfter };
    }
  }
  return { allowed: true };
}

/** A wrong password (or an unknown e-mail: the same, so the limits reveal no accounts). */
export async function loginFailed(limiter: RateLimiter, email: string): Promise<void> {
  await limiter.hit(key.account(email), Number.MAX_SAFE_INTEGER, LOGIN_BACKOFF_WINDOW_MS);
}

/** The owner is in: this attempt does not count, the account's slowdown ends, the address is known. */
export async function loginSucceeded(limiter: RateLimiter, email: string, address: string): Promise<void> {
  await Promise.all([
    limiter.refund(key.address(address)),
    limiter.reset(key.pair(email, address)),
    limiter.reset(key.account(email)),
    limiter.reset(key.slot(email)),
    limiter.reset(key.known(email, address)).then(() => limiter.hit(key.known(email, address), 1, KNOWN_ADDRESS_MS)),
  ]);
}

/** After a password reset the owner has proved the mailbox: the account and this address start afresh. */
export async function clearLoginLimits(limiter: RateLimiter, email: string, address: string): Promise<void> {
  await Promise.all([limiter.reset(key.pair(email, address)), limiter.reset(key.account(email)), limiter.reset(key.slot(email))]);
}
