import { BedrockRuntimeClient, ConverseCommand, ThrottlingException } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { MODERATION_FALLBACK, type ModerationInput } from '#shared/moderation';
import { withRulesFirst } from '../../services/moderation';
import { createBedrockModerator, MAX_IMAGE_BYTES, SYSTEM_PROMPT, VERDICT_TOOL } from './moderator';

const bedrock = mockClient(BedrockRuntimeClient);
afterEach(() => bedrock.reset());

const listing: ModerationInput = {
  title: 'Calculadora Casio fx-570',
  description: 'Funciona perfecto',
  category: 'electronica',
  price: 25,
  condition: 'usado',
  career: null,
  image: '/images/products/9/1.webp',
};
const answer = (input: unknown, name = VERDICT_TOOL) => ({
  output: {
    message: {
      role: 'assistant' as const,
      content: [{ toolUse: { toolUseId: 't1', name, input: input as never } }],
    },
  },
  stopReason: 'tool_use' as const,
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
});
const moderator = (timeoutMs?: number) =>
  createBedrockModerator({
    client: new BedrockRuntimeClient({ region: 'us-east-1' }),
    modelId: 'amazon.nova-lite-v1:0',
    timeoutMs,
  });

describe('Bedrock moderator', () => {
  it('asks the stage model, forced to the verdict tool, with the terms in the system prompt', async () => {
    bedrock
      .on(ConverseCommand)
      .resolves(answer({ approved: true, warnings: [], suggestions: [], severity: 'low' }));
    expect(await moderator().moderate(listing)).toEqual({
      approved: true,
      warnings: [],
      suggestions: [],
      severity: 'low',
    });
    const sent = bedrock.commandCalls(ConverseCommand)[0].args[0].input;
    expect(sent.modelId).toBe('amazon.nova-lite-v1:0');
    expect(sent.toolConfig?.toolChoice).toEqual({ tool: { name: VERDICT_TOOL } });
    expect(sent.system).toEqual([{ text: SYSTEM_PROMPT }]);
    expect(SYSTEM_PROMPT).toContain('Bebidas alcohólicas y tabaco');
    const text = sent.messages?.[0].content?.[0].text ?? '';
    expect(JSON.parse(text)).toMatchObject({
      titulo: 'Calculadora Casio fx-570',
      categoria: 'Electrónica',
      primera_imagen: listing.image,
    });
  });

  it('shows the model the first photo itself when there is one', async () => {
    bedrock
      .on(ConverseCommand)
      .resolves(answer({ approved: true, warnings: [], suggestions: [], severity: 'low' }));
    const bytes = new Uint8Array([82, 73, 70, 70]);
    await moderator().moderate(listing, { type: 'image/webp', bytes });
    const content = bedrock.commandCalls(ConverseCommand)[0].args[0].input.messages?.[0].content ?? [];
    expect(content[1]).toEqual({ image: { format: 'webp', source: { bytes } } });
    // Above Converse's image ceiling the text alone is judged instead of failing the call.
    await moderator().moderate(listing, { type: 'image/jpeg', bytes: new Uint8Array(MAX_IMAGE_BYTES + 1) });
    expect(bedrock.commandCalls(ConverseCommand)[1].args[0].input.messages?.[0].content).toHaveLength(1);
  });

  it('passes a rejection through', async () => {
    const rejected = {
      approved: false,
      warnings: ['Venta de armas'],
      suggestions: ['Retira la publicación'],
      severity: 'high',
    };
    bedrock.on(ConverseCommand).resolves(answer(rejected));
    expect(await moderator().moderate(listing)).toEqual(rejected);
  });

  it('answers the spec fallback to malformed output, another tool, throttling and a timeout', async () => {
    bedrock.on(ConverseCommand).resolves(answer({ approved: 'sí', severity: 'alta' }));
    expect(await moderator().moderate(listing)).toEqual(MODERATION_FALLBACK);
    bedrock
      .on(ConverseCommand)
      .resolves(answer({ approved: true, warnings: [], suggestions: [], severity: 'low' }, 'otra'));
    expect(await moderator().moderate(listing)).toEqual(MODERATION_FALLBACK);
    bedrock
      .on(ConverseCommand)
      .resolves({ output: { message: { role: 'assistant', content: [{ text: 'Aprobado' }] } } });
    expect(await moderator().moderate(listing)).toEqual(MODERATION_FALLBACK);
    bedrock.on(ConverseCommand).rejects(new ThrottlingException({ message: 'slow down', $metadata: {} }));
    expect(await moderator().moderate(listing)).toEqual(MODERATION_FALLBACK);
    bedrock
      .on(ConverseCommand)
      .callsFake(() => new Promise((resolve) => setTimeout(() => resolve(answer({})), 1000)));
    const started = Date.now();
    expect(await moderator(50).moderate(listing)).toEqual(MODERATION_FALLBACK);
    expect(Date.now() - started).toBeLessThan(900);
    expect(MODERATION_FALLBACK).toMatchObject({
      approved: false,
      severity: 'high',
      warnings: ['Error en el sistema de moderación. Intenta nuevamente.'],
    });
  });

  it('is never called for what the rules already refuse', async () => {
    bedrock
      .on(ConverseCommand)
      .resolves(answer({ approved: true, warnings: [], suggestions: [], severity: 'low' }));
    const combined = withRulesFirst(moderator());
    const refused = await combined.moderate({ ...listing, title: 'Caja de cervezas Polar' });
    expect(refused.approved).toBe(false);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(0);
    const approved = await combined.moderate({ ...listing, description: 'Escríbeme al 04141234567' });
    expect(approved).toMatchObject({ approved: true, warnings: ['Patrón de spam detectado'] });
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(1);
  });
});
