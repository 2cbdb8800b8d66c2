// 1C's side of «Обмен с сайтом» (/exchange/1c/) against a test app, as 1C talks to the shop: every
// call signed with HTTP Basic as a staff account, the session cookie that checkauth hands out sent
// back with the calls after it (decision 088).
import { expect } from "vitest";

const EXCHANGE = "/exchange/1c/";

interface Credentials {
  email: string;
  password: string;
}

/** The Authorization header 1C sends for these credentials. */
export const basicAuth = (account: Credentials) => `Basic ${Buffer.from(`${account.email}:${account.password}`).toString("base64")}`;

export interface ExchangeCall {
  /** the session cookie from checkauth */
  cookie?: string;
  /** a file or part of one: the call is then a POST */
  body?: Uint8Array | string;
  /** another Authorization header than the account's (a wrong password, another account) */
  auth?: string;
}

/**
 * 1C's client for the app at `app.url`, signing in as `account`. `maxImportSteps` bounds how many
 * `mode=import` calls an import may answer `progress` to before it counts as never finishing.
 */
export function exchange1c(app: { url: string }, account: Credentials, { maxImportSteps = 500 } = {}) {
  const call = (query: string, init: ExchangeCall = {}) =>
    fetch(`${app.url}${EXCHANGE}?${query}`, {
      method: init.body !== undefined ? "POST" : "GET",
      body: init.body as BodyInit | undefined,
      headers: { authorization: init.auth ?? basicAuth(account), ...(init.cookie ? { cookie: init.cookie } : {}) },
    });
  /** the lines of the shop's answer (1C reads it line by line) */
  const answer = async (query: string, init: ExchangeCall = {}) => (await (await call(query, init)).text()).split("\n");

  /** mode=import repeated while the shop answers `progress` (with a reason in Russian): every answer, the last one final */
  async function importAll(cookie: string, filename: string): Promise<string[][]> {
    const answers: string[][] = [];
    for (let step = 0; step < maxImportSteps; step++) {
      const lines = await answer(`type=catalog&mode=import&filename=${filename}`, { cookie });
      answers.push(lines);
      if (lines[0] !== "progress") return answers;
      expect(lines[1]).toMatch(/[А-Яа-я]/);
    }
    throw new Error("the import never finished");
  }

  return {
    call,
    answer,
    /** mode=checkauth: 200 and `success` with the session cookie's name and value; the cookie to send back */
    async checkauth(type: "catalog" | "sale" = "catalog"): Promise<string> {
      const res = await call(`type=${type}&mode=checkauth`);
      expect(res.status).toBe(200);
      const [status, name, value] = (await res.text()).split("\n");
      expect(status).toBe("success");
      return `${name}=${value}`;
    },
    /** mode=file: a file (or a part of one) taken with `success` */
    async send(cookie: string, filename: string, body: Uint8Array | string, type: "catalog" | "sale" = "catalog") {
      expect(await (await call(`type=${type}&mode=file&filename=${filename}`, { cookie, body })).text()).toBe("success");
    },
    importAll,
    /** the import's final answer */
    importUntilDone: async (cookie: string, filename: string) => (await importAll(cookie, filename)).at(-1)!,
  };
}

export type Exchange1c = ReturnType<typeof exchange1c>;
