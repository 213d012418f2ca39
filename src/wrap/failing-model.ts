import type { LanguageModel } from 'ai';

type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;

/**
 * A stand-in for `model` whose every call fails with `error`, under the same
 * provider and model id. `streamText` reports a failure inside the stream (an
 * error part, `onError`, rejected results); a stream whose model is this one
 * reports an error raised before the first step where plain `ai` would.
 *
 * @example
 * aiStreamText({ ...settings, model: failingModel(error, settings.model) }); // the stream's error part is `error`
 */
export function failingModel(error: unknown, model: LanguageModel): LanguageModelV4 {
  const fail = () => Promise.reject(error);
  return {
    specificationVersion: 'v4',
    provider: typeof model === 'string' ? 'gateway' : model.provider,
    modelId: typeof model === 'string' ? model : model.modelId,
    supportedUrls: {},
    doGenerate: fail,
    doStream: fail,
  };
}
