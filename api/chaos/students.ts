import { type JsonAnswer, postJson } from "@ysp/testing/post-json";
import { makeStudent, type Student } from "@ysp/testing/students";

export type { Student };

/** How a request reaches the server: fetch by default; through a proxy, a client of its own. */
export type Post = (url: string, body: unknown) => Promise<JsonAnswer>;

let made = 0;

/**
 * A student no earlier run has used, with an email that says which run made it (a name holds
 * no digits: contract/names.ts).
 */
export function newStudent(run: string): Student {
  made++;
  return makeStudent({
    email: `${run}-${made}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: `chaos-password-${made}`,
    first_name: "Chaos",
    last_name: "Student",
  });
}

/** What happened to one sign-up, as its sender saw it. */
export type SignupOutcome =
  | { kind: "answered"; status: number; connection: string | null }
  /** The connection broke before an answer: the account may or may not exist. */
  | { kind: "unanswered"; reason: string };

export async function signUp(
  url: string,
  student: Student,
  post: Post = postJson,
): Promise<SignupOutcome> {
  try {
    const answer = await post(`${url}/api/v1/auth/signup/`, student);
    return {
      kind: "answered",
      status: answer.status,
      connection: answer.headers.get("connection"),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: "unanswered", reason: cause?.code ?? cause?.message ?? String(error) };
  }
}

export type SignupLoad = {
  /** Every student sent, by email. */
  sent: Map<string, Student>;
  /** Students whose sign-up was answered 201. */
  created: Student[];
  /** Students whose sign-up got no answer, or a `cutOff` one. */
  unanswered: Student[];
  statuses: Record<string, number>;
  /** Stops sending; resolves once every request sent has settled. */
  stop: () => Promise<void>;
};

/**
 * Sign-ups back to back from `concurrency` senders until stopped: the server's full speed.
 * A 503 or 429 is waited out briefly, as the site does. `cutOff` lists statuses that, like no
 * answer, leave the sender not knowing (a proxy's 502 for a request its instance died
 * under); any other status throws.
 */
export function driveSignups(
  url: string,
  run: string,
  concurrency: number,
  { post = postJson, cutOff = [] }: { post?: Post; cutOff?: number[] } = {},
): SignupLoad {
  const load: Omit<SignupLoad, "stop"> = {
    sent: new Map(),
    created: [],
    unanswered: [],
    statuses: {},
  };
  let stopped = false;
  const senders = Array.from({ length: concurrency }, async () => {
    while (!stopped) {
      const student = newStudent(run);
      load.sent.set(student.email, student);
      const outcome = await signUp(url, student, post);
      const key = outcome.kind === "answered" ? String(outcome.status) : "no answer";
      load.statuses[key] = (load.statuses[key] ?? 0) + 1;
      if (outcome.kind === "unanswered" || cutOff.includes(outcome.status))
        load.unanswered.push(student);
      else if (outcome.status === 201) load.created.push(student);
      else if (outcome.status === 503 || outcome.status === 429)
        await new Promise((r) => setTimeout(r, 50));
      else throw new Error(`sign-up of ${student.email} answered ${outcome.status}`);
    }
  });
  return {
    ...load,
    stop: async () => {
      stopped = true;
      await Promise.all(senders);
    },
  };
}

export type LoginCheck = { loggedIn: Student[]; refused: Student[] };

/**
 * Logs every student in, a few at a time, waiting out 503s. Sorts them by
 * whether the server let them in (200) or said the details are wrong (401);
 * anything else throws.
 */
export async function logIn(
  url: string,
  students: Student[],
  post: Post = postJson,
): Promise<LoginCheck> {
  const result: LoginCheck = { loggedIn: [], refused: [] };
  const queue = [...students];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let student = queue.pop(); student; student = queue.pop()) {
        for (;;) {
          const answer = await post(`${url}/api/v1/auth/login/`, {
            email: student.email,
            password: student.password,
          });
          if (answer.status === 503) {
            await new Promise((r) => setTimeout(r, 200));
            continue;
          }
          if (answer.status === 200) result.loggedIn.push(student);
          else if (answer.status === 401) result.refused.push(student);
          else throw new Error(`login of ${student.email} answered ${answer.status}`);
          break;
        }
      }
    }),
  );
  return result;
}
