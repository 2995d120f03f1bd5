import type { BedrockRuntimeClient, ContentBlock } from '@aws-sdk/client-bedrock-runtime';
import { requireEnv } from '../../commons/env';
import { logger, sdkLogger, traced } from '../../commons/observability';
import { once } from '../../commons/once';

/**
 * One verdict from a Bedrock model through the Converse API, the design both moderators share
 * (listings: ./moderator.ts, questions and answers: ./comment-moderator.ts): the model is forced to
 * answer with ONE call of `tool`, whose input is the verdict, checked by `parse`. A throttle, an
 * error, a timeout or a malformed answer gives `fallback`, so a failure never lets content through.
 */
export interface VerdictRequest<T> {
  /** Names the call in the logs ('moderation', 'comment moderation'). */
  what: string;
  system: string;
  content: ContentBlock[];
  maxTokens: number;
  tool: { name: string; description: string; jsonSchema: Record<string, unknown> };
  parse: (input: unknown) => { success: true; data: T } | { success: false };
  fallback: T;
}

export interface VerdictCallOptions {
  client?: BedrockRuntimeClient;
  modelId?: string;
  timeoutMs: number;
}

export function createVerdictCall(opts: VerdictCallOptions): <T>(request: VerdictRequest<T>) => Promise<T> {
  // The SDK module is loaded on the first call: a function that never moderates never pays for it.
  const sdk = once(async () => {
    const { BedrockRuntimeClient, ConverseCommand } = await import('@aws-sdk/client-bedrock-runtime');
    return {
      client: opts.client ?? (await traced(new BedrockRuntimeClient({ maxAttempts: 2, logger: sdkLogger }))),
      ConverseCommand,
    };
  });
  return async <T>(request: VerdictRequest<T>): Promise<T> => {
    const modelId = opts.modelId ?? requireEnv('BEDROCK_MODEL_ID');
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const { client, ConverseCommand } = await sdk();
      const call = client.send(
        new ConverseCommand({
          modelId,
          system: [{ text: request.system }],
          messages: [{ role: 'user', content: request.content }],
          inferenceConfig: { maxTokens: request.maxTokens, temperature: 0 },
          toolConfig: {
            tools: [
              {
                toolSpec: {
                  name: request.tool.name,
                  description: request.tool.description,
                  inputSchema: { json: request.tool.jsonSchema as never },
                },
              },
            ],
            toolChoice: { tool: { name: request.tool.name } },
          },
        }),
        { abortSignal: abort.signal },
      );
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort.abort();
          reject(new Error(`Bedrock did not answer within ${opts.timeoutMs} ms`));
        }, opts.timeoutMs);
      });
      const res = await Promise.race([call, timeout]);
      const toolUse = res.output?.message?.content?.find(
        (block) => block.toolUse?.name === request.tool.name,
      )?.toolUse;
      const verdict = request.parse(toolUse?.input);
      if (verdict.success) return verdict.data;
      logger.warn(`malformed ${request.what} verdict`, { modelId, stopReason: res.stopReason });
      return request.fallback;
    } catch (err) {
      logger.warn(`${request.what} call failed`, {
        modelId,
        error: err instanceof Error ? err.name : String(err),
      });
      return request.fallback;
    } finally {
      clearTimeout(timer);
    }
  };
}
