import { gateway, type LanguageModel, type LanguageModelMiddleware, wrapLanguageModel } from 'ai';

/** Models the wrapper made, so a model passed back (`prepareStep` returning its input) is not wrapped twice. */
const wrappedModels = new WeakSet<object>();

/**
 * `model` with `middleware` applied: a model object as `wrapLanguageModel`
 * takes it, or a model id resolved as `ai` resolves it (the global default
 * provider, `globalThis.AI_SDK_DEFAULT_PROVIDER`, else the gateway). A model
 * this function made is returned as it is.
 *
 * @example
 * wrapModel('openai/gpt-5', createDisclosureMiddleware(view));
 */
/** True for a model `wrapModel` made. */
export function isWrappedModel(model: unknown): boolean {
  return typeof model === 'object' && model !== null && wrappedModels.has(model);
}

export function wrapModel(
  model: LanguageModel,
  middleware: LanguageModelMiddleware,
): LanguageModel {
  if (typeof model === 'object' && model !== null && wrappedModels.has(model)) return model;
  const resolved =
    typeof model === 'string'
      ? (globalThis.AI_SDK_DEFAULT_PROVIDER ?? gateway).languageModel(model)
      : model;
  const wrapped = wrapLanguageModel({ model: resolved, middleware });
  wrappedModels.add(wrapped);
  return wrapped;
}
