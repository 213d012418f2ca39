import type { LanguageModelMiddleware } from 'ai';

// The model-side shapes, read off `ai`'s public middleware type rather than
// `@ai-sdk/provider`, which the library does not depend on directly.

/** What one model call is sent: prompt, tools, tool choice, settings. */
export type ModelCallOptions = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params'];

/** The conversation as the model reads it. */
export type ModelPrompt = ModelCallOptions['prompt'];

/** One message of `ModelPrompt`. */
export type ModelMessagePart = ModelPrompt[number];

/** One tool definition the model is sent (a function tool or a provider tool). */
export type ModelTool = NonNullable<ModelCallOptions['tools']>[number];

/** The tool choice the model is sent. */
export type ModelToolChoice = NonNullable<ModelCallOptions['toolChoice']>;

/** What a model's `doGenerate` answers. */
export type ModelGenerateResult = Awaited<
  ReturnType<NonNullable<LanguageModelMiddleware['wrapGenerate']>>
>;

/** What a model's `doStream` answers. */
export type ModelStreamResult = Awaited<
  ReturnType<NonNullable<LanguageModelMiddleware['wrapStream']>>
>;

/** One part of a model's stream. */
export type ModelStreamPart =
  ModelStreamResult['stream'] extends ReadableStream<infer PART> ? PART : never;

/** A tool call as the model wrote it: the tool's name and its input as JSON text. */
export type ModelToolCall = Extract<ModelStreamPart, { type: 'tool-call' }>;
