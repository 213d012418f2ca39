import type { ToolDefinition } from 'tool-disclosure/catalog';

/** Descriptions of the distractors' shared properties, as a real tool would describe them. */
const knownProperties: Readonly<Record<string, string>> = {
  cursor: 'Opaque cursor from the previous page of results; omit for the first page',
  limit: 'Most results to return, from 1 to 100',
};

/**
 * `definitions` with a description on every top-level property that has
 * none (the distractors' properties have none), so every tool has the shape
 * of a real one: a few properties, each described. A property `X_id` is
 * described as the identifier of the X; others by their words.
 *
 * @example
 * describeBenchParameters(generateDistractors(1))[0].parameters.properties.cursor.description;
 * // 'Opaque cursor from the previous page of results; omit for the first page'
 */
export function describeBenchParameters(definitions: readonly ToolDefinition[]): ToolDefinition[] {
  return definitions.map((definition) => {
    const properties = definition.parameters?.properties;
    if (properties === undefined) return definition;
    const described = Object.fromEntries(
      Object.entries(properties).map(([name, property]) =>
        property === null || typeof property !== 'object' || 'description' in property
          ? [name, property]
          : [name, { ...property, description: descriptionOf(name) }],
      ),
    );
    return { ...definition, parameters: { ...definition.parameters, properties: described } };
  });
}

function descriptionOf(name: string): string {
  if (Object.hasOwn(knownProperties, name)) return knownProperties[name] as string;
  const words = name.split('_').filter((word) => word !== '');
  if (words.at(-1) === 'id' && words.length > 1) {
    return `Identifier of the ${words.slice(0, -1).join(' ')}, as returned when it was listed`;
  }
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
