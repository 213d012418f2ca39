import { createCatalog } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { DISCLOSURE_MODES, isDisclosureMode } from '../disclosure/disclosure-mode.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadCatalogFile } from './load-catalog-file.js';
import { parseCommandLine, parseCount, parseGlobList } from './parse-command-line.js';

export const INSPECT_USAGE = `Usage: tool-disclosure inspect --catalog FILE [--mode MODE] [--allow GLOBS] [--deny GLOBS]
       [--core GLOBS] [--distractors N] [--max-tokens N] [--max-tools N] [--context-window N]
       [--profile P] [--json]

Shows what the model would be shown for a catalog file ({"tools": [...]}); FILE may also be
judged-corpus, the corpus bundled with the package.
MODE is one of ${DISCLOSURE_MODES.join(', ')} (default: $TOOL_DISCLOSURE, else namespaces).
GLOBS are comma-separated globs on canonical ids, e.g. 'github.*,slack.send_*';
a repeated --allow, --deny or --core adds to the list.`;

/** `tool-disclosure inspect`: the advertised surface of a catalog, for people or (with --json) scripts. */
export async function inspectCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    args,
    {
      catalog: { type: 'string' },
      mode: { type: 'string' },
      allow: { type: 'string', multiple: true },
      deny: { type: 'string', multiple: true },
      core: { type: 'string', multiple: true },
      distractors: { type: 'string' },
      'max-tokens': { type: 'string' },
      'max-tools': { type: 'string' },
      'context-window': { type: 'string' },
      profile: { type: 'string' },
      json: { type: 'boolean' },
    },
    INSPECT_USAGE,
  );
  if (values.help) {
    io.stdout(`${INSPECT_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) {
    throw new CliUsageError({
      message: `unexpected argument ${JSON.stringify(positionals[0])}\n\n${INSPECT_USAGE}`,
    });
  }
  if (values.catalog === undefined) {
    throw new CliUsageError({ message: `--catalog FILE is required\n\n${INSPECT_USAGE}` });
  }
  if (values.mode !== undefined && !isDisclosureMode(values.mode)) {
    throw new CliUsageError({
      message: `--mode must be one of ${DISCLOSURE_MODES.join(', ')}, got ${JSON.stringify(values.mode)}`,
    });
  }
  const file = await loadCatalogFile(values.catalog);
  const size = parseCount('--distractors', values.distractors);
  const maxTokens = parseCount('--max-tokens', values['max-tokens'], 1);
  const maxTools = parseCount('--max-tools', values['max-tools']);
  const contextWindow = parseCount('--context-window', values['context-window'], 1);
  const allow = parseGlobList('--allow', values.allow);
  const deny = parseGlobList('--deny', values.deny);

  const catalog = await createCatalog({
    definitions: size === undefined ? file.tools : padWithDistractors(file.tools, size),
    namespaces: file.namespaces,
    core: parseGlobList('--core', values.core) ?? [],
  });
  const disclosure = createDisclosure({
    catalog,
    policy: { ...(allow && { allow }), ...(deny && { deny }) },
    ...(values.mode !== undefined && { mode: values.mode }),
    ...(values.profile !== undefined && { profile: values.profile }),
    ...(maxTokens !== undefined && { maxTokens }),
    ...(maxTools !== undefined && { maxTools }),
    ...(contextWindow !== undefined && { contextWindow }),
    environment: io.environment,
    onWarning: (message) => io.stderr(`tool-disclosure: warning: ${message}\n`),
  });

  const report = {
    mode: disclosure.mode,
    deferred: disclosure.deferred,
    catalog_tools: catalog.entries.length,
    authorized_tools: disclosure.authorized.entries.length,
    advertised: disclosure.advertised.map((tool) => tool.name),
    tool_search_description: disclosure.toolSearchDescription,
    tokens: { full: disclosure.tokens.full, advertised: disclosure.tokens.advertised },
    bytes: { tool_search_description: utf8ByteLength(disclosure.toolSearchDescription ?? '') },
  };
  if (values.json) {
    io.stdout(`${JSON.stringify(report)}\n`);
    return 0;
  }
  const share =
    report.tokens.full === 0 ? 100 : (100 * report.tokens.advertised) / report.tokens.full;
  const lines = [
    `mode: ${report.mode} (${report.deferred ? 'deferred: bridges advertised' : 'flat: every authorized tool advertised'})`,
    `tools: ${report.authorized_tools} authorized of ${report.catalog_tools} in the catalog`,
    `tokens: ${report.tokens.advertised} advertised of ${report.tokens.full} for every authorized tool (${share.toFixed(1)}%)`,
    `advertised (${report.advertised.length}):`,
    ...report.advertised.map((name) => `  ${name}`),
  ];
  if (report.tool_search_description !== null) {
    lines.push(
      '',
      `tool_search description (${report.bytes.tool_search_description} bytes):`,
      report.tool_search_description,
    );
  }
  io.stdout(`${lines.join('\n')}\n`);
  return 0;
}
