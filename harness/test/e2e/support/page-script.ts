import CDP from 'chrome-remote-interface';

/** Runs `expression` in the main world of the first page tab whose URL starts with `urlPrefix` (test-only side channel). */
export async function evaluateInPage(port: number, urlPrefix: string, expression: string): Promise<unknown> {
  const targets = await CDP.List({ host: '127.0.0.1', port });
  const target = targets.find((t) => t.type === 'page' && t.url.startsWith(urlPrefix));
  if (!target) throw new Error(`no page at ${urlPrefix}`);
  const client = await CDP({ host: '127.0.0.1', port, target: target.id });
  try {
    const { result, exceptionDetails } = await client.Runtime.evaluate({ expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.text);
    return result.value;
  } finally {
    await client.close();
  }
}
