import { createCatalog } from 'tool-disclosure/catalog';
import {
  createDisclosure,
  DISCLOSURE_MODES,
  type DisclosureMode,
} from 'tool-disclosure/disclosure';
import { utf8ByteLength } from 'tool-disclosure/util';
import { padWithDistractors } from '../eval/generate-distractors.js';
import type { CliIo } from './cli-io.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { loadToolSources, type ToolSources } from './load-tool-sources.js';
import { parseChoice, parseCount, parseGlobList } from './parse-command-line.js';
import {
  hasToolSources,
  MISSING_SOURCE_MESSAGE,
  TOOL_SOURCE_HELP,
  TOOL_SOURCE_OPTIONS,
  TOOL_SOURCE_SYNOPSIS,
} from './tool-source-flags.js';

export const INSPECT_USAGE = `Usage: tool-disclosure inspect --catalog FILE ${TOOL_SOURCE_SYNOPSIS}
       [--mode MODE] [--allow GLOBS] [--deny GLOBS] [--core GLOBS] [--distractors N] [--max-tokens N]
       [--max-tools N] [--context-window N] [--profile P] [--json]

Shows what the model would be shown for a catalog: a catalog file ({"tools": [...]}), MCP servers,
tools modules, or any mix; FILE may also be judged-corpus, the corpus bundled with the package.
With MCP servers, --json adds "servers": each one's namespace, transport and tool count.
MODE is one of ${DISCLOSURE_MODES.join(', ')} (default: $TOOL_DISCLOSURE, else namespaces).
GLOBS are comma-separated globs on canonical ids, e.g. 'github.*,slack.send_*';
a repeated --allow, --deny or --core adds to the list.

${TOOL_SOURCE_HELP}`;

/** `tool-disclosure inspect`: the advertised surface of a catalog, for people or (with --json) scripts. */
export const inspectCommand: CliCommand = defineCommand(
  {
    usage: INSPECT_USAGE,
    options: {
      ...TOOL_SOURCE_OPTIONS,
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
  },
  async ({ values, usageError }, io) => {
    if (!hasToolSources(values)) {
      throw usageError(MISSING_SOURCE_MESSAGE);
    }
    parseChoice('--mode', values.mode, DISCLOSURE_MODES);
    const size = parseCount('--distractors', values.distractors);
    const maxTokens = parseCount('--max-tokens', values['max-tokens'], 1);
    const maxTools = parseCount('--max-tools', values['max-tools']);
    const contextWindow = parseCount('--context-window', values['context-window'], 1);
    const allow = parseGlobList('--allow', values.allow);
    const deny = parseGlobList('--deny', values.deny);
    const core = parseGlobList('--core', values.core) ?? [];

    const sources = await loadToolSources(values, io);
    try {
      return await inspectSources(
        sources,
        { ...values, size, maxTokens, maxTools, contextWindow, allow, deny, core },
        io,
      );
    } finally {
      await sources.close();
    }
  },
);

interface InspectSettings {
  mode?: string | undefined;
  profile?: string | undefined;
  json?: boolean | undefined;
  size: number | undefined;
  maxTokens: number | undefined;
  maxTools: number | undefined;
  contextWindow: number | undefined;
  allow: string[] | undefined;
  deny: string[] | undefined;
  core: string[];
}

async function inspectSources(
  sources: ToolSources,
  values: InspectSettings,
  io: CliIo,
): Promise<number> {
  const { size, maxTokens, maxTools, contextWindow, allow, deny } = values;
  const catalog = await createCatalog({
    definitions:
      size === undefined ? sources.definitions : padWithDistractors(sources.definitions, size),
    namespaces: sources.namespaces,
    tools: sources.tools,
    core: values.core,
  });
  const disclosure = createDisclosure({
    catalog,
    policy: { ...(allow && { allow }), ...(deny && { deny }) },
    ...(values.mode !== undefined && { mode: values.mode as DisclosureMode }),
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
    ...(sources.servers.length > 0 && { servers: sources.servers }),
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
    ...sources.servers.map(
      (server) =>
        `  MCP ${server.namespace} (${server.transport}): ${server.error === undefined ? `${server.tools} tools` : 'failed, skipped'}`,
    ),
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
