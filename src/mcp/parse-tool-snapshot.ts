import { z } from 'zod';
import { NAMESPACE_PATTERN } from '../catalog/normalize-name.js';
import { InvalidToolSnapshotError } from '../error/invalid-tool-snapshot-error.js';
import { compareByteOrder } from '../util/compare-byte-order.js';
import { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
import {
  type SnapshotServer,
  type SnapshotTool,
  TOOL_SNAPSHOT_SCHEMA_VERSION,
  type ToolSnapshot,
} from './tool-snapshot.js';

const jsonObject = z.record(z.string(), z.unknown());

const snapshotSchema = z.object({
  schema_version: z.literal(TOOL_SNAPSHOT_SCHEMA_VERSION),
  servers: z.array(
    z.object({
      name: z.string().regex(NAMESPACE_PATTERN, 'letters, digits, "_" or "-" (1 to 64 characters)'),
      instructions: z.string().optional(),
    }),
  ),
  tools: z.array(
    z.object({
      server: z.string(),
      name: z.string().min(1),
      description: z.string().optional(),
      inputSchema: z.looseObject({ type: z.literal('object') }),
      annotations: jsonObject.optional(),
      fingerprint: z.string().regex(/^[0-9a-f]{64}$/, '64 lowercase hex characters'),
    }),
  ),
});

/**
 * Checks a snapshot read from outside (a file, a store) and returns it with
 * servers and tools in byte order. Everything is checked before any of it is
 * served: the format version, every field, that server and tool names do not
 * repeat, that every tool's server is listed, and that every tool's content
 * matches its fingerprint, so an edited file cannot pass for the server's tool.
 * Throws `InvalidToolSnapshotError` naming the first problem.
 *
 * @example
 * const snapshot = parseToolSnapshot(JSON.parse(await readFile('tools.snapshot.json', 'utf8')));
 */
export function parseToolSnapshot(value: unknown): ToolSnapshot {
  const parsed = snapshotSchema.safeParse(value);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new InvalidToolSnapshotError({
      path: pathOf(issue?.path ?? []),
      reason: issue?.message ?? 'not a tool snapshot',
    });
  }
  const servers: SnapshotServer[] = parsed.data.servers.map(({ name, instructions }) =>
    instructions === undefined ? { name } : { name, instructions },
  );
  const serverNames = new Set<string>();
  servers.forEach(({ name }, index) => {
    if (serverNames.has(name)) {
      throw new InvalidToolSnapshotError({
        path: `servers[${index}].name`,
        reason: `server "${name}" is listed twice`,
      });
    }
    serverNames.add(name);
  });
  const toolKeys = new Set<string>();
  const tools: SnapshotTool[] = parsed.data.tools.map((tool, index) => {
    if (!serverNames.has(tool.server)) {
      throw new InvalidToolSnapshotError({
        path: `tools[${index}].server`,
        reason: `server "${tool.server}" is not among the snapshot's servers`,
      });
    }
    const key = JSON.stringify([tool.server, tool.name]);
    if (toolKeys.has(key)) {
      throw new InvalidToolSnapshotError({
        path: `tools[${index}].name`,
        reason: `tool "${tool.name}" of server "${tool.server}" is listed twice`,
      });
    }
    toolKeys.add(key);
    const snapshotTool: SnapshotTool = {
      server: tool.server,
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
      fingerprint: tool.fingerprint,
    };
    if (fingerprintMcpTool(snapshotTool) !== tool.fingerprint) {
      throw new InvalidToolSnapshotError({
        path: `tools[${index}].fingerprint`,
        reason: `the content of tool "${tool.name}" of server "${tool.server}" does not match its fingerprint`,
      });
    }
    return snapshotTool;
  });
  servers.sort((left, right) => compareByteOrder(left.name, right.name));
  tools.sort(
    (left, right) =>
      compareByteOrder(left.server, right.server) || compareByteOrder(left.name, right.name),
  );
  return { schema_version: TOOL_SNAPSHOT_SCHEMA_VERSION, servers, tools };
}

function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}
