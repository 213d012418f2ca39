import type { OutputInterface, ToolLoopAgentSettings, ToolSet } from 'ai';
import { getDefaultToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { resolveDisclosureMode } from '../disclosure/disclosure-mode.js';
import { estimateTokens } from '../disclosure/estimate-tokens.js';
import type { Ranker } from '../search/ranker.js';
import { RANKERS } from '../search/rankers.js';
import { warnToConsole } from '../util/warn-to-console.js';
import { composeApproval } from './compose-approval.js';
import { composeFlatParams } from './compose-flat-params.js';
import { composeNativeTools } from './compose-native-tools.js';
import { composePrepareCall } from './compose-prepare-call.js';
import { composePrepareStep } from './compose-prepare-step.js';
import { composeRefinements } from './compose-refinements.js';
import { composeRepair } from './compose-repair.js';
import { composeTools } from './compose-tools.js';
import { composeToolsContext } from './compose-tools-context.js';
import { createBridgeTools } from './create-bridge-tools.js';
import { createCallResolver } from './create-call-resolver.js';
import { createCheckedArguments } from './create-checked-arguments.js';
import { createEventSink } from './create-event-sink.js';
import { createNameMapper, type NamesOf } from './create-name-mapper.js';
import { createPromotion } from './create-promotion.js';
import { createStopConditions } from './create-stop-conditions.js';
import { createUnparsedCalls } from './create-unparsed-calls.js';
import { deriveApproval } from './derive-approval.js';
import { getCatalog, type RequestCatalog } from './get-catalog.js';
import { getDisclosure } from './get-disclosure.js';
import { type NativeSearch, resolveNativeMode } from './native-search.js';
import { readApprovalAnswers } from './read-approval-answers.js';
import {
  asRecord,
  rekeySettings,
  renameList,
  renameToolChoice,
  type SettingsRecord,
} from './rekey-settings.js';
import {
  type ResolvedToolDisclosureOptions,
  type ToolDisclosureOptions,
  type ToolDisclosureParams,
  validateToolDisclosureOptions,
} from './tool-disclosure-options.js';
import { usedToolNames } from './used-tool-names.js';

export type { ToolDisclosureOptions, ToolDisclosureParams } from './tool-disclosure-options.js';

/**
 * `ToolLoopAgent` settings. Matched first, so settings written inline in
 * `new ToolLoopAgent(...)` keep the agent's tool types in callbacks such as
 * `prepareCall`; `generateText` / `streamText` settings (with a prompt or
 * messages) take the generic form.
 */
type AgentSettings<
  CALL_OPTIONS,
  TOOLS extends ToolSet,
  RUNTIME_CONTEXT extends Record<string, unknown>,
  OUTPUT extends OutputInterface,
> = ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT> & {
  prompt?: never;
  messages?: never;
};

let defaultRanker: Ranker | undefined;
/** Wire names by spelling, per (immutable, shared) disclosure. */
const wireNameMappers = new WeakMap<Disclosure, NamesOf>();

/**
 * Applies progressive tool disclosure to `generateText` / `streamText` (or
 * `ToolLoopAgent`) settings. Below the caps it returns `params` unchanged
 * (denied tools removed, settings keyed by another spelling of a tool
 * renamed). Above them it returns settings whose `tools` hold the advertised
 * tools plus `tool_search`, `tool_describe` and `tool_call`, with
 * `activeTools` and `toolOrder` set to the advertised, byte-stable surface;
 * `repairToolCall` routes direct calls of deferred tools through `tool_call`;
 * `toolsContext`, `toolApproval` and `experimental_refineToolInput` give
 * bridged calls the real tool's context, approval rule and name; `stopWhen`
 * conditions see a bridged call as the real tool's direct call. One resolver
 * per call decides which tool a name means for all of them. The user's own
 * `activeTools`, `toolOrder`, `prepareStep`, `repairToolCall`, `toolsContext`,
 * `toolApproval` and refinements keep taking effect.
 *
 * Catalogs, disclosures and search indexes are cached by content (see the
 * `cache` option), so warm and fresh-record requests of equal tools do little
 * work; tools, contexts and approvals always come from the request itself.
 * Tool schemas given as promises (`jsonSchema(promise)`) are awaited;
 * `withToolDisclosureSync` does the same work synchronously without them.
 *
 * @throws InvalidOptionError (and the other configuration errors) at once, for invalid options.
 *
 * @example
 * const result = await generateText(
 *   await withToolDisclosure(
 *     { model, tools: { ...await github.tools(), ...localTools }, prompt, stopWhen: isStepCount(10) },
 *     { core: ['memory.*'], policy: { deny: ['github.delete_*'] } },
 *   ),
 * );
 */
export function withToolDisclosure<
  CALL_OPTIONS = never,
  TOOLS extends ToolSet = ToolSet,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  OUTPUT extends OutputInterface = never,
>(
  settings: AgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>,
  options?: ToolDisclosureOptions,
): Promise<ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>>;
export function withToolDisclosure<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  options?: ToolDisclosureOptions,
): Promise<PARAMS>;
export async function withToolDisclosure(
  params: ToolDisclosureParams,
  userOptions: ToolDisclosureOptions = {},
): Promise<ToolDisclosureParams> {
  validateToolDisclosureOptions(userOptions);
  const { options, native } = resolveNativeMode(params.model, userOptions);
  const cache = options.cache ?? getDefaultToolDisclosureCache();
  let catalog: RequestCatalog;
  try {
    catalog = await getCatalog(params, options, cache, 'async');
  } catch (error) {
    if (isPlainRollback(options)) return params;
    throw error;
  }
  return discloseTools(params, options, catalog, native, userOptions);
}

/**
 * `withToolDisclosure`, synchronously: the same settings, for tools whose
 * schemas are not promises (zod, standard schemas, `jsonSchema(object)`), as
 * `streamText` needs to return `ai`'s result at once. Throws `AsyncSchemaError`
 * for a tool whose schema is a promise; use `withToolDisclosure` for those.
 *
 * @example
 * const result = streamText(withToolDisclosureSync({ model, tools, messages }, { core: ['memory.*'] }));
 */
export function withToolDisclosureSync<
  CALL_OPTIONS = never,
  TOOLS extends ToolSet = ToolSet,
  RUNTIME_CONTEXT extends Record<string, unknown> = Record<string, unknown>,
  OUTPUT extends OutputInterface = never,
>(
  settings: AgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>,
  options?: ToolDisclosureOptions,
): ToolLoopAgentSettings<CALL_OPTIONS, TOOLS, RUNTIME_CONTEXT, OUTPUT>;
export function withToolDisclosureSync<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  options?: ToolDisclosureOptions,
): PARAMS;
export function withToolDisclosureSync(
  params: ToolDisclosureParams,
  userOptions: ToolDisclosureOptions = {},
): ToolDisclosureParams {
  validateToolDisclosureOptions(userOptions);
  const { options, native } = resolveNativeMode(params.model, userOptions);
  const cache = options.cache ?? getDefaultToolDisclosureCache();
  let catalog: RequestCatalog;
  try {
    catalog = getCatalog(params, options, cache, 'sync');
  } catch (error) {
    if (isPlainRollback(options)) return params;
    throw error;
  }
  return discloseTools(params, options, catalog, native, userOptions);
}

/**
 * Mode `off` with nothing to remove or add (no policy, no grouped tools): the
 * rollback path, which is plain `ai` whatever the catalog, so a tool set the
 * catalog refuses (two tools whose wire names collide, say) still runs there.
 */
function isPlainRollback({
  mode,
  policy,
  namespaces,
  environment = globalThis.process?.env ?? {},
}: ResolvedToolDisclosureOptions): boolean {
  if (policy !== undefined || namespaces !== undefined) return false;
  // Without a warning here: the disclosure, when it is built, warns once.
  return resolveDisclosureMode({ mode, environment }) === 'off';
}

/** Both wrappers, once the catalog of the request's tools is at hand. */
function discloseTools<PARAMS extends ToolDisclosureParams>(
  params: PARAMS,
  options: ResolvedToolDisclosureOptions,
  requestCatalog: RequestCatalog,
  native: NativeSearch | undefined,
  userOptions: ToolDisclosureOptions,
): PARAMS {
  const {
    ranker = getDefaultRanker(),
    promote = false,
    timeoutMs,
    countTokens,
    maxTools,
    cache,
    environment = globalThis.process?.env ?? {},
  } = options;
  const disclosure = getDisclosure(requestCatalog, options, environment);
  // The request's own tool; as the SDK holds it, with an approval the options derive added.
  const rawToolOf = (entry: CatalogEntry) => requestCatalog.toolAt(entry.position);
  const held = deriveApproval(options.requireApprovalFor);
  const toolOf =
    held === undefined
      ? rawToolOf
      : (entry: CatalogEntry) => {
          const tool = rawToolOf(entry);
          return tool === undefined ? undefined : held(entry, tool);
        };
  if (!disclosure.deferred) {
    const flat = composeFlatParams(
      params,
      disclosure,
      requestCatalog.catalog.entries.length,
      rawToolOf,
      held,
    );
    if (typeof params.prepareCall !== 'function') return flat;
    return {
      ...flat,
      prepareCall: composePrepareCall(
        params,
        (callParams) => withToolDisclosure(callParams, userOptions),
        (toolsContext) => toolsContext,
      ),
    };
  }

  const namesOf = getWireNameMapper(disclosure);
  const reachOf = (userActive: unknown): string[] | undefined =>
    Array.isArray(userActive) ? renameList(userActive, namesOf) : undefined;
  const initialReach = reachOf(params.activeTools);
  const resolver = createCallResolver({ disclosure, toolOf });
  const userTools: Record<string, unknown> = params.tools ?? {};
  // The name a tool has below the caps, where the SDK knows the user's tools by their keys.
  const userNameOf = (entry: CatalogEntry) =>
    Object.hasOwn(userTools, entry.key) && userTools[entry.key] === rawToolOf(entry)
      ? entry.key
      : entry.wireName;
  const userNameOfWireName = (name: unknown) => {
    const entry = resolver.byWireName(name);
    return entry === undefined ? undefined : userNameOf(entry);
  };
  const emit = createEventSink(params, options);
  const checked = createCheckedArguments();
  const unparsed = createUnparsedCalls();
  const bridges = createBridgeTools({
    disclosure,
    resolver,
    ranker,
    timeoutMs,
    cache,
    emit,
    countTokens,
    searchIndex: options.searchIndex,
    onWarning: options.onWarning ?? warnToConsole,
    checked,
    unparsed,
  });
  const tools =
    native === undefined
      ? composeTools({ disclosure, bridges, toolOf, promote, namesOf })
      : composeNativeTools({ disclosure, bridges, toolOf, namesOf, native });
  const context = composeToolsContext(namesOf, userNameOfWireName);
  // In native mode every authorized tool is sent already: the provider loads the ones found.
  const promotable =
    promote && native === undefined
      ? createPromotion(disclosure, countTokens ?? estimateTokens, maxTools ?? 32)
      : undefined;
  const stepOptions = {
    tools,
    context,
    namesOf,
    reachOf,
    userActiveTools: params.activeTools,
    userToolOrder: params.toolOrder,
    promoted: (steps: unknown) =>
      promotable === undefined ? [] : promotable(usedToolNames(steps, resolver.wireNames)),
  };

  // Refinement and repair resolve names within the reach of the step being run, which
  // prepareStep sets; this state is the call's own (an agent's calls are composed anew).
  let currentReach = initialReach;
  const stepReach = () => currentReach;
  const wrapped: SettingsRecord = {
    ...(params as SettingsRecord),
    tools: tools.tools,
    activeTools: tools.activeTools(initialReach),
    toolOrder: tools.toolOrder(params.toolOrder),
    toolsContext: context.inject(params.toolsContext, initialReach),
    toolApproval: composeApproval({
      resolver,
      userApproval: params.toolApproval,
      namesOf,
      forUser: context.forUser,
      userNameOf,
      checked,
    }),
    repairToolCall: composeRepair(resolver, params.repairToolCall, stepReach, unparsed),
    experimental_refineToolInput: composeRefinements(
      resolver,
      rekeySettings(params.experimental_refineToolInput, namesOf),
      stepReach,
      emit,
    ),
    prepareStep: composePrepareStep(
      {
        ...stepOptions,
        onStepReach: (next, stepNumber) => {
          currentReach = next;
          emit?.({
            type: 'step',
            stepNumber,
            advertisedTokens: disclosure.tokens.advertised,
            fullTokens: disclosure.tokens.full,
            savedTokens: disclosure.tokens.full - disclosure.tokens.advertised,
          });
        },
      },
      params.prepareStep,
    ),
  };
  if (emit !== undefined) {
    // Approvals answered in the messages this request resumes with.
    for (const { name, approved } of readApprovalAnswers(params.messages)) {
      emit({ type: 'approval-answered', tool: resolver.byWireName(name)?.wireName, approved });
    }
    // Approvals the step asks for, read from the step's own content.
    // The SDK calls onStepEnd instead of the deprecated onStepFinish: call the user's either way.
    const userStepEnd = params.onStepEnd ?? params.onStepFinish;
    wrapped.onStepEnd = async (step: SettingsRecord) => {
      for (const part of Array.isArray(step?.content) ? step.content : []) {
        const { type, toolCall } = asRecord(part);
        if (type !== 'tool-approval-request') continue;
        const { toolName, input } = asRecord(toolCall);
        const name = toolName === 'tool_call' ? asRecord(input).name : toolName;
        const tool = resolver.byWireName(name)?.wireName;
        if (tool !== undefined) emit({ type: 'approval-requested', tool });
      }
      if (typeof userStepEnd === 'function')
        await (userStepEnd as (step: unknown) => unknown)(step);
    };
  }
  if (params.stopWhen !== undefined) {
    wrapped.stopWhen = createStopConditions(params.stopWhen, userNameOfWireName);
  }
  if (params.toolChoice !== undefined) {
    wrapped.toolChoice = renameToolChoice(params.toolChoice, namesOf);
  }
  // Read by a ToolLoopAgent only (generateText and streamText ignore it): each agent call is
  // composed anew, so calls running at once never share the reach of their steps.
  wrapped.prepareCall = composePrepareCall(
    params,
    (callParams) => withToolDisclosure(callParams, userOptions),
    context.forUser,
  );
  return wrapped as PARAMS;
}

function getWireNameMapper(disclosure: Disclosure): NamesOf {
  let mapper = wireNameMappers.get(disclosure);
  if (mapper === undefined) {
    mapper = createNameMapper(disclosure.authorized.entries, (entry) => entry.wireName);
    wireNameMappers.set(disclosure, mapper);
  }
  return mapper;
}

function getDefaultRanker(): Ranker {
  if (defaultRanker === undefined) defaultRanker = (RANKERS.default as () => Ranker)();
  return defaultRanker;
}
