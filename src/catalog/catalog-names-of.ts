import type { Tool } from 'ai';
import { InvalidToolDefinitionError } from '../error/invalid-tool-definition-error.js';
import type { RawTool } from './collect-raw-tools.js';
import { encodeDots, encodeWireName, WIRE_NAME_PATTERN } from './encode-wire-name.js';
import { metadataString } from './metadata-value.js';
import { NAMESPACE_PATTERN, normalizeLocalName, normalizeNamespace } from './normalize-name.js';
import { splitQualifiedName } from './split-qualified-name.js';

/** The local name of a tool whose record key leaves none (`''`). */
const emptyLocalName = '_';

/** The MCP client name `@ai-sdk/mcp` uses when the application sets none: it names no service. */
const anonymousMcpClientName = 'ai-sdk-mcp-client';

/**
 * The names a tool of a `tools` record (or of the group `namespace`) gets in
 * a catalog, in the order a context is looked up by: record key, wire name,
 * canonical id, `__`-encoded id.
 *
 * @throws InvalidToolDefinitionError for a name the catalog would refuse.
 */
export function catalogNamesOf(
  key: string,
  tool: Tool,
  namespace: string | undefined,
  defaultNamespace: string,
): readonly string[] {
  const raw: RawTool = {
    key,
    position: 0,
    declaredNamespace: namespace ?? metadataString(tool, 'namespace'),
    grouped: namespace !== undefined,
    tool,
    definition: undefined,
  };
  const { namespace: derived, localName } = deriveName(raw, defaultNamespace);
  const id = `${derived}.${localName}`;
  return [key, chooseWireName(raw, id), id, encodeDots(id)];
}

/** A tool's namespace and local name: declared, else the prefix of its name, else its MCP client's name, else the default. */
export function deriveName(
  raw: RawTool,
  defaultNamespace: string,
): { namespace: string; localName: string } {
  const capabilityId = raw.definition?.capability_id;
  const qualified = splitQualifiedName(capabilityId ?? raw.key);
  const declared = declaredNamespaceOf(raw);
  if (declared) {
    // A name that already carries the declared namespace is not prefixed twice.
    const local = qualified?.prefix === declared ? qualified.rest : (capabilityId ?? raw.key);
    return { namespace: declared, localName: localNameOf(local) };
  }
  if (qualified) {
    const namespace = normalizeNamespace(qualified.prefix);
    if (namespace) return { namespace, localName: localNameOf(qualified.rest) };
  }
  const clientName = metadataString(raw.tool, 'clientName');
  const mcpNamespace =
    clientName && clientName !== anonymousMcpClientName ? normalizeNamespace(clientName) : '';
  return {
    namespace: mcpNamespace || defaultNamespace,
    localName: localNameOf(capabilityId ?? raw.key),
  };
}

/**
 * The namespace a tool declares. A definition's is validated input: one that
 * is not a namespace is an error. A tool's `metadata.namespace` is only a hint
 * plain `ai` never reads, so it is normalized like a derived namespace (`my ns`
 * becomes `my_ns`) and ignored when nothing usable remains. A group's name was
 * checked with the `namespaces` option and normalizes to itself.
 */
function declaredNamespaceOf(raw: RawTool): string | undefined {
  const declared = raw.declaredNamespace?.trim();
  if (!declared) return undefined;
  if (raw.definition === undefined) return normalizeNamespace(declared) || undefined;
  if (!NAMESPACE_PATTERN.test(declared)) {
    throw new InvalidToolDefinitionError({
      toolName: raw.key,
      reason: `namespace "${declared}" must be letters, digits, "_" or "-" (1 to 64 characters)`,
    });
  }
  return declared;
}

/**
 * A local name made safe. A record key plain `ai` accepts (`''`, `mail. `) may
 * leave nothing: such a tool's local name is `_`, always the same. (A JSON
 * definition's name and capability id are trimmed and non-empty, so they
 * always leave something.)
 */
function localNameOf(name: string): string {
  return normalizeLocalName(name) || emptyLocalName;
}

/** The record key when it is a valid wire name of an ungrouped tool, else the encoded canonical id. */
export function chooseWireName(raw: RawTool, id: string): string {
  if (!raw.grouped && WIRE_NAME_PATTERN.test(raw.key)) return raw.key;
  return encodeWireName(id);
}
