/**
 * How an application holds its tools between requests: a module-level record
 * reused (`record`), the same frozen with `Object.freeze` (`frozen`) or with
 * the library's `freezeTools` (`freeze_tools`), or new tool objects of the
 * same content built for every request (`fresh_objects`), as
 * `await mcpClient.tools()` in a request handler makes them.
 */
export const APP_HOLDINGS = Object.freeze([
  'record',
  'frozen',
  'freeze_tools',
  'fresh_objects',
] as const);

export type AppHolding = (typeof APP_HOLDINGS)[number];

/** How reports name each way of holding tools. */
export const APP_HOLDING_LABELS: Readonly<Record<AppHolding, string>> = Object.freeze({
  record: 'module-level record, reused',
  frozen: 'Object.freeze(tools)',
  freeze_tools: 'freezeTools(tools)',
  fresh_objects: 'fresh tool objects per request',
});
