// `npm run staff -- <command>`: back-office staff from the command line (the first owner, above
// all). Uses DATABASE_URL (and DATABASE_SCHEMA) like the server and applies pending migrations
// first. Every change is written to the audit log as done by «командная строка».
//
//   add <email> --role <owner|manager|content> [--name <name>]   password: STAFF_PASSWORD or a prompt
//   set-role <email> <role>
//   remove <email>
//   list
import { parseArgs } from "node:util";
import readline from "node:readline";
import { ensurePgSchema, openDatabase } from "../app/db/database.server.ts";
import { migrateToLatest } from "../app/db/migrate.server.ts";
import { addStaff, CLI_ACTOR, findAccountByEmail, listStaff, removeStaff, setStaffRole, type StaffChangeResult } from "../app/features/staff/index.server.ts";
import { isStaffRole, ROLE_TITLES, STAFF_ROLES } from "../app/features/staff/index.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../app/features/accounts/index.ts";

const USAGE = `Использование / usage: npm run staff -- <команда>
  add <email> --role <${STAFF_ROLES.join("|")}> [--name <имя>]   (пароль: STAFF_PASSWORD или запрос / password: STAFF_PASSWORD or a prompt)
  set-role <email> <${STAFF_ROLES.join("|")}>
  remove <email>
  list`;

class UsageError extends Error {}

const REFUSALS: Record<Exclude<StaffChangeResult, { ok: true }>["reason"], string> = {
  "not-found": "Учётной записи с таким e-mail нет / no account with this e-mail",
  "not-staff": "Эта учётная запись не сотрудник / this account is not staff",
  "last-owner": "Нельзя убрать или понизить последнего владельца / cannot remove or demote the last owner",
  "password-needed": "Новой учётной записи нужен пароль: STAFF_PASSWORD или ввод с клавиатуры / a new account needs a password",
  "same-role": "У сотрудника уже эта роль / the account already has this role",
};

function roleArg(value: string | undefined): (typeof STAFF_ROLES)[number] {
  if (!isStaffRole(value)) throw new UsageError(`Неизвестная роль «${value ?? ""}» / unknown role. Роли / roles: ${STAFF_ROLES.join(", ")}`);
  return value;
}

function emailArg(value: string | undefined): string {
  if (!value || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new UsageError(`Укажите e-mail / give an e-mail address${value ? `: «${value}»` : ""}`);
  return value.trim().toLowerCase();
}

/** The password without echoing it (a TTY only: a pipe must use STAFF_PASSWORD). */
function promptPassword(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput(s: string): void };
    let asked = false;
    out._writeToOutput = (s: string) => {
      if (!asked) process.stdout.write(s);
      asked = true;
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
  });
}

async function newPassword(): Promise<string | undefined> {
  const given = process.env.STAFF_PASSWORD ?? (process.stdin.isTTY ? await promptPassword("Пароль / password: ") : undefined);
  if (given === undefined) return undefined;
  if (given.length < PASSWORD_MIN || given.length > PASSWORD_MAX)
    throw new UsageError(`Пароль от ${PASSWORD_MIN} до ${PASSWORD_MAX} символов / the password must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters`);
  return given;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { role: { type: "string" }, name: { type: "string" } } });
  const [command, ...rest] = positionals;
  if (!command || !["add", "set-role", "remove", "list"].includes(command)) throw new UsageError(USAGE);
  // arguments are checked before the database is touched
  const email = command === "list" ? "" : emailArg(rest[0]);
  const role = command === "add" ? roleArg(values.role) : command === "set-role" ? roleArg(rest[1]) : null;

  const url = process.env.DATABASE_URL ?? "data/vitrina.db";
  const schema = process.env.DATABASE_SCHEMA;
  if (schema) await ensurePgSchema(url, schema);
  const db = openDatabase(url, { schema });
  try {
    await migrateToLatest(db);
    if (command === "list") {
      const staff = await listStaff(db);
      if (staff.length === 0) console.log("Сотрудников нет / no staff");
      for (const s of staff) console.log(`${s.email}\t${s.role}\t${ROLE_TITLES[s.role]}\t${s.name}`);
      return;
    }
    const account = await findAccountByEmail(db, email);
    let result: StaffChangeResult;
    if (command === "add")
      result = await addStaff(db, CLI_ACTOR, { email, role: role!, name: values.name, password: account ? undefined : await newPassword() });
    else if (!account) result = { ok: false, reason: "not-found" };
    else if (command === "set-role") result = await setStaffRole(db, CLI_ACTOR, account.id, role!);
    else result = await removeStaff(db, CLI_ACTOR, account.id);
    if (!result.ok) throw new UsageError(REFUSALS[result.reason]);
    const done =
      command === "add"
        ? result.created
          ? `Создана учётная запись ${email}, роль ${role} / account created`
          : `${email}: роль ${role} / role set`
        : command === "set-role"
          ? `${email}: роль ${role} / role set`
          : `${email} больше не сотрудник (учётная запись осталась) / no longer staff (account kept)`;
    console.log(done);
  } finally {
    await db.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof UsageError) && !(err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS"))) throw err;
  console.error(err.message);
  process.exitCode = 2;
}
