export type JsonAnswer = {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
};

export async function postJson(url: string, body: unknown): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/**
 * Posts until the server answers `expected`, waiting out 503s (a full
 * hashing queue, as right after a burst of load); any other answer throws.
 */
export async function postAccepted(url: string, body: unknown, expected: number) {
  for (let attempt = 0; attempt < 30; attempt++) {
    const answer = await postJson(url, body);
    if (answer.status === expected) return answer.body;
    if (answer.status !== 503) throw new Error(`${url} answered ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${url} stayed busy for 30 s`);
}
