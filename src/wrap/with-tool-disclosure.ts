import type { LanguageModel, OutputInterface, ToolLoopAgentSettings, ToolSet } from 'ai';
import { getDefaultToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { DEFAULT_MAX_TOOLS } from '../disclosure/disclosure-caps.js';
import { resolveDisclosureMode } from '../disclosure/disclosure-mode.js';
import { estimateTokens } from '../disclosure/estimate-tokens.js';
import { createOramaRanker } from '../search/create-orama-ranker.js';
import type { Ranker } from '../search/ranker.js';
import { composeFlatParams } from './compose-flat-params.js';
import { composePrepareCall } from './compose-prepare-call.js';
import { composePrepareStep } from './compose-prepare-step.js';
import { composeRefinements } from './compose-refinements.js';
import { composeRepair } from './compose-repair.js';
import { composeToolApproval } from './compose-tool-approval.js';
import { createAppNames } from './create-app-names.js';
import { createBridgeTools } from './create-bridge-tools.js';
import { createCallResolver } from './create-call-resolver.js';
import { createDisclosureMiddleware } from './create-disclosure-middleware.js';
import { createEventSink } from './create-event-sink.js';
import { createModelView } from './create-model-view.js';
import { createNameMapper, type NamesOf } from './create-name-mapper.js';
import { createPromotion } from './create-promotion.js';
import { createRefusedCalls } from './create-refused-calls.js';
import { createToolRecord } from './create-tool-record.js';
import { getCatalog, type RequestCatalog } from './get-catalog.js';
import { getDisclosure } from './get-disclosure.js';
import { listedTools, toolCallerEntries } from './listed-tools.js';
import { type NativeSearch, resolveNativeMode } from './native-search.js';
import { rejectWrappedSettings } from './reject-wrapped-settings.js';
import {
  keyedByNames,
  renameList,
  renameToolChoice,
  type SettingsRecord,
} from './rekey-settings.js';
import { reportedApprovalsAndCalls } from './report-approvals-and-calls.js';
import {
  type ResolvedToolDisclosureOptions,
  type ToolDisclosureOptions,
  type ToolDisclosureParams,
  validateToolDisclosureOptions,
} from './tool-disclosure-options.js';
import { usedToolNames } from './used-tool-names.js';
import { withToolTimeout } from './with-tool-timeout.js';
import { withoutBridgeNames } from './without-bridge-names.js';
import { wrapModel } from './wrap-model.js';

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
 * renamed). Above them the model is shown the advertised tools plus
 * `tool_search`, `tool_describe` and `tool_call`, byte-identical on every
 * step, while the app keeps seeing its own tools: `ai` is given every
 * authorized tool under the app's own name, and a middleware on the model
 * translates between the two views (the model's calls, however it names a
 * tool, become calls of the app's tool before `ai` parses them; the history
 * the app keeps is written as the model made it before the model reads it).
 * So results, steps, callbacks, streams, UI messages, approvals, client-side
 * tools, `toolChoice`, `repairToolCall`, refinements, contexts and stop
 * conditions all work as with plain `ai`. One resolver per call, within the
 * reach of the step (the app's `activeTools`), decides which tool a name means.
 *
 * Catalogs, disclosures and search indexes are cached by content (see the
 * `cache` option), so warm and fresh-record requests of equal tools do little
 * work; tools, contexts and approvals always come from the request itself.
 * Tool schemas given as promises (`jsonSchema(promise)`) are awaited;
 * `withToolDisclosureSync` does the same work synchronously without them.
 *
 * @throws InvalidOptionError (and the other configuration errors) at once, for invalid options.
 * @throws SettingsAlreadyWrappedError for settings this wrapper returned above the caps.
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
  rejectWrappedSettings(params);
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
  rejectWrappedSettings(params);
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
 * Mode `off` with nothing to remove, add or gate (no policy, no grouped tools,
 * no `requireApprovalFor`): the rollback path, which is plain `ai` whatever
 * the catalog, so a tool set the catalog refuses still runs there. `off`
 * turns off disclosure, never the app's safety rules: with a policy or
 * approvals to apply, a catalog that cannot be built fails the request with
 * its typed error rather than let a gated tool run unasked.
 */
function isPlainRollback({
  mode,
  policy,
  namespaces,
  requireApprovalFor,
  environment = globalThis.process?.env ?? {},
}: ResolvedToolDisclosureOptions): boolean {
  if (policy !== undefined || namespaces !== undefined) return false;
  if (requireApprovalFor !== undefined && requireApprovalFor.length > 0) return false;
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
  const userTools = params.tools ?? {};
  const disclosure = withoutBridgeNames(
    getDisclosure(requestCatalog, options, environment),
    userTools,
    (extraDeny) =>
      getDisclosure(
        requestCatalog,
        {
          ...options,
          policy: { ...options.policy, deny: [...(options.policy?.deny ?? []), ...extraDeny] },
        },
        environment,
      ),
  );
  // The request's own tool: what runs is always the tool the app passed in this request.
  const toolOf = (entry: CatalogEntry) => requestCatalog.toolAt(entry.position);
  const names = createAppNames({ disclosure, userTools, toolAt: requestCatalog.toolAt });
  const toolApproval = composeToolApproval({
    userApproval: params.toolApproval,
    names,
    toolOf,
    requireApprovalFor: options.requireApprovalFor,
    bridged: disclosure.deferred,
  });
  if (!disclosure.deferred) {
    const flat = composeFlatParams(params, {
      disclosure,
      catalogSize: requestCatalog.catalog.entries.length,
      toolOf,
      names,
      toolApproval,
    });
    if (typeof params.prepareCall !== 'function') return flat;
    return {
      ...flat,
      prepareCall: composePrepareCall(params, (callParams) =>
        withToolDisclosure(callParams, userOptions),
      ),
    };
  }

  const wireNamesOf = getWireNameMapper(disclosure);
  const reachOf = (activeTools: unknown): string[] | undefined =>
    Array.isArray(activeTools) ? renameList(activeTools, wireNamesOf) : undefined;
  const resolver = createCallResolver({ disclosure, toolOf });
  const emit = createEventSink(params, options);
  const refused = createRefusedCalls();
  const routed = toolCallerEntries(params.experimental_toolCallers, names);
  const view = createModelView({
    disclosure,
    names,
    resolver,
    refused,
    emit,
    reach: reachOf(params.activeTools),
    deferLoading: native?.provider,
    alsoSent: new Set(routed.map((entry) => entry.wireName)),
  });
  const bridges = createBridgeTools({
    disclosure,
    resolver,
    reach: () => view.reach,
    ranker,
    cache,
    emit,
    countTokens,
    refused,
  });
  const { listed, added } = listedTools(disclosure, names, bridges, native, routed.length > 0);
  const listedSet = new Set(listed);
  const toolOrderOf = (userOrder: unknown) => {
    const first = Array.isArray(userOrder)
      ? renameList(userOrder, names.namesOf).filter((name) => listedSet.has(name))
      : [];
    return [...new Set([...first, ...listed])];
  };
  const middleware = createDisclosureMiddleware(view);
  const wrapOwnModel = (model: LanguageModel) => wrapModel(model, middleware);
  // In native mode every authorized tool is sent already: the provider loads the ones found.
  const promotable =
    promote && native === undefined
      ? createPromotion(disclosure, countTokens ?? estimateTokens, maxTools ?? DEFAULT_MAX_TOOLS)
      : undefined;
  const promoted = (steps: unknown) =>
    promotable === undefined
      ? []
      : promotable(usedToolNames(steps, names)).flatMap((wireName) => {
          const entry = resolver.byWireName(wireName);
          return entry === undefined ? [] : [entry];
        });

  const wrapped: SettingsRecord = {
    ...(params as SettingsRecord),
    tools: createToolRecord({ names, toolOf, listed, added }),
    activeTools: undefined,
    toolOrder: toolOrderOf(params.toolOrder),
    toolApproval,
    toolsContext: keyedByNames(params.toolsContext, names.namesOf),
    experimental_refineToolInput: composeRefinements({
      userRefinements: params.experimental_refineToolInput,
      names,
      toolOf,
    }),
    // ai takes the deprecated experimental_repairToolCall when repairToolCall is not set.
    repairToolCall: composeRepair(
      view,
      params.repairToolCall ?? (params as SettingsRecord).experimental_repairToolCall,
    ),
  };
  if (params.model !== undefined) wrapped.model = wrapOwnModel(params.model as LanguageModel);
  if (params.toolChoice !== undefined) {
    wrapped.toolChoice = renameToolChoice(params.toolChoice, names.namesOf);
  }
  if (timeoutMs !== undefined) wrapped.timeout = withToolTimeout(params.timeout, timeoutMs);
  if (typeof params.prepareStep === 'function' || promotable !== undefined || emit !== undefined) {
    wrapped.prepareStep = composePrepareStep(
      {
        view,
        names,
        reachOf,
        userActiveTools: params.activeTools,
        toolOrderOf,
        promoted,
        wrapModel: wrapOwnModel,
        onStep: (stepNumber) =>
          emit?.({
            type: 'step',
            stepNumber,
            advertisedTokens: disclosure.tokens.advertised,
            fullTokens: disclosure.tokens.full,
            savedTokens: disclosure.tokens.full - disclosure.tokens.advertised,
          }),
      },
      params.prepareStep,
    );
  }
  if (emit !== undefined) Object.assign(wrapped, reportedApprovalsAndCalls(params, names, emit));
  // Read by a ToolLoopAgent only (generateText and streamText ignore it): each agent call is
  // composed anew, so calls running at once never share the reach of their steps.
  wrapped.prepareCall = composePrepareCall(params, (callParams) =>
    withToolDisclosure(callParams, userOptions),
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
  if (defaultRanker === undefined) defaultRanker = createOramaRanker();
  return defaultRanker;
}
