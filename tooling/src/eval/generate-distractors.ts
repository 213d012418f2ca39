import type { ToolDefinition } from 'tool-disclosure/catalog';

/** Version of the distractor generator; reports carry it so baselines stay comparable. */
export const DISTRACTOR_GENERATOR_VERSION = 1;

/** The seed of the reference runtime's published scale baseline. */
export const DISTRACTOR_SEED = 7405;

const namespaces = [
  'asset_hub',
  'audit_log',
  'billing_ops',
  'compliance_archive',
  'content_registry',
  'customer_directory',
  'data_exchange',
  'device_fleet',
  'document_vault',
  'incident_queue',
  'inventory_ledger',
  'media_pipeline',
  'network_inventory',
  'quality_control',
  'research_catalog',
  'service_directory',
  'support_queue',
  'telemetry_store',
  'training_library',
  'workflow_admin',
] as const;

const actions = [
  'archive_record',
  'compare_snapshot',
  'export_summary',
  'get_status',
  'inspect_artifact',
  'list_categories',
  'normalize_dataset',
  'record_checkpoint',
  'resolve_reference',
  'review_manifest',
  'summarize_usage',
  'sync_metadata',
  'validate_policy',
  'verify_checksum',
  'view_history',
  'write_annotation',
] as const;

const nouns = [
  'artifact',
  'batch',
  'bundle',
  'checkpoint',
  'entry',
  'manifest',
  'record',
  'reference',
  'snapshot',
  'summary',
  'version',
  'workspace',
] as const;

/**
 * The deterministic distractor tools for ordinals `start` up to
 * `start + count`, compatible with the reference runtime's baseline (seed 7405).
 *
 * @example
 * generateDistractors(1)[0].capability_id // 'customer_directory.verify_checksum_0000'
 */
export function generateDistractors(count: number, start = 0): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  for (let ordinal = start; ordinal < start + count; ordinal++) {
    const namespace = namespaces[(ordinal + 5) % namespaces.length] as string;
    const action = actions[(ordinal + 13) % actions.length] as string;
    const noun = nouns[(ordinal + 1) % nouns.length] as string;
    const local = `${action}_${String(ordinal).padStart(4, '0')}`;
    tools.push({
      kind: 'distractor',
      capability_id: `${namespace}.${local}`,
      name: `${namespace}__${local}`,
      description: `${action} ${noun} records in the ${namespace} benchmark integration.`,
      parameters: {
        type: 'object',
        properties: {
          [`${noun}_id`]: { type: 'string' },
          cursor: { type: 'string' },
          limit: { type: 'integer' },
        },
        required: [`${noun}_id`],
      },
    });
  }
  return tools;
}

/**
 * Pads a catalog to `size` tools with distractors; a catalog already that
 * large is returned unchanged.
 */
export function padWithDistractors(
  tools: readonly ToolDefinition[],
  size: number,
): ToolDefinition[] {
  return [...tools, ...generateDistractors(Math.max(0, size - tools.length))];
}
