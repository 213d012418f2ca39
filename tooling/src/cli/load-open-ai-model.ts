import type { LanguageModel, wrapLanguageModel } from 'ai';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';

/** The install command of the provider package that matches ai 7. */
export const OPENAI_INSTALL = 'npm install @ai-sdk/openai@^4';
const OPENAI_PACKAGE: string = '@ai-sdk/openai';

/** The model id of `--model openai:MODEL`, or `undefined` without `--model` (the scripted agent). */
export function parseModelFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = /^openai:(\S+)$/.exec(value);
  if (match === null) {
    throw new CliUsageError({
      message: `--model must be openai:MODEL, e.g. openai:gpt-4.1-mini, got ${JSON.stringify(value)}`,
    });
  }
  return match[1];
}

/** A model `wrapLanguageModel` accepts. */
export type BaseModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** The OpenAI API key; a real model asked for without one is a usage error that says what to set. */
export function openAiKey(modelId: string, environment: CliIo['environment']): string {
  const apiKey = environment.OPENAI_API_KEY?.trim();
  if (!apiKey) {
    throw new CliUsageError({
      message: `--model openai:${modelId} needs an OpenAI API key: set OPENAI_API_KEY, or leave out --model to run the scripted agent`,
    });
  }
  return apiKey;
}

/** Loads `@ai-sdk/openai` only when asked for, so the package stays optional. */
export async function loadOpenAiModel(modelId: string, apiKey: string): Promise<BaseModel> {
  let provider: { createOpenAI?: (settings: { apiKey: string }) => (id: string) => LanguageModel };
  try {
    provider = await import(OPENAI_PACKAGE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new CliUsageError({
      message: `--model openai:${modelId} needs the @ai-sdk/openai package, which is not installed.\nInstall it with: ${OPENAI_INSTALL}`,
      cause: error,
    });
  }
  if (typeof provider.createOpenAI !== 'function') {
    throw new CliUsageError({ message: '@ai-sdk/openai does not export createOpenAI' });
  }
  return provider.createOpenAI({ apiKey })(modelId) as BaseModel;
}
