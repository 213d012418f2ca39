import type { Tool, ToolSet } from 'ai';
import { z } from 'zod/v4';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { InvalidToolDefinitionError } from '../error/invalid-tool-definition-error.js';
import type { NamespaceDeclaration } from './create-catalog-options.js';
import { metadataString } from './metadata-value.js';
import { NAMESPACE_PATTERN } from './normalize-name.js';
import type { ToolDefinition } from './tool-definition.js';

const stringList = z.array(z.string());
const toolDefinitionSchema = z.looseObject({
  name: z.string().trim().min(1, 'a tool needs a non-empty "name"'),
  capability_id: z.string().trim().min(1).optional(),
  namespace: z.string().optional(),
  description: z.string().optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  output_schema: z.record(z.string(), z.unknown()).optional(),
  kind: z.string().optional(),
  aliases: stringList.optional(),
  tags: stringList.optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});

/** A tool as given, before it is named: grouped, from the flat record, or a JSON definition. */
export interface RawTool {
  key: string;
  position: number;
  declaredNamespace: string | undefined;
  grouped: boolean;
  tool: Tool | undefined;
  definition: ToolDefinition | undefined;
}

/**
 * Every tool of the options, in order: the namespaces' groups, the flat `tools` record, then the
 * JSON definitions (validated here). A namespace name or a definition that is invalid is an error.
 */
export function collectRawTools(
  tools: ToolSet | undefined,
  namespaces: Record<string, NamespaceDeclaration>,
  definitions: readonly ToolDefinition[],
): RawTool[] {
  const raws: RawTool[] = [];
  for (const [namespace, declaration] of Object.entries(namespaces)) {
    if (!NAMESPACE_PATTERN.test(namespace)) {
      throw new InvalidOptionError({
        option: `namespaces["${namespace}"]`,
        value: namespace,
        expected: 'a namespace of letters, digits, "_" or "-" (1 to 64 characters)',
      });
    }
    for (const [key, tool] of Object.entries(declaration.tools ?? {})) {
      raws.push({
        key,
        position: raws.length,
        declaredNamespace: namespace,
        grouped: true,
        tool,
        definition: undefined,
      });
    }
  }
  for (const [key, tool] of Object.entries(tools ?? {})) {
    raws.push({
      key,
      position: raws.length,
      declaredNamespace: metadataString(tool, 'namespace'),
      grouped: false,
      tool,
      definition: undefined,
    });
  }
  definitions.forEach((input, index) => {
    const parsed = toolDefinitionSchema.safeParse(input);
    if (!parsed.success) {
      const name = typeof input?.name === 'string' && input.name.trim() ? input.name : `#${index}`;
      const issue = parsed.error.issues[0];
      const path = issue?.path.length ? `"${issue.path.join('.')}": ` : '';
      throw new InvalidToolDefinitionError({ toolName: name, reason: `${path}${issue?.message}` });
    }
    const definition = parsed.data as ToolDefinition;
    raws.push({
      key: definition.name,
      position: raws.length,
      declaredNamespace: definition.namespace,
      grouped: false,
      tool: undefined,
      definition,
    });
  });
  return raws;
}
