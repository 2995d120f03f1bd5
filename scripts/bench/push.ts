/**
 * `npm run bench -- push`: what one push costs the function that sends it (issue 41), side by side
 * in one run: building it (the payload encrypted to the device, RFC 8291, and the VAPID signature,
 * RFC 8292; web-push-request.ts), and building and sending it to the local push service (which
 * checks the signature and decrypts it, as a push service and a browser do) through the sender the
 * stream uses, over loopback. A real push service adds its own network time; the build is what the
 * function's CPU pays. Against: one ECDH alone, the floor of any such encryption.
 */
import { createECDH } from 'node:crypto';
import { createWebPushSender } from '../../functions/adapters/push/web-push-sender';
import { generateVapidKeys, webPushRequest } from '../../functions/adapters/push/web-push-request';
import { startPushReceiver } from '../local/push-receiver';
import { median, percentile, sample } from './stats';

const SAMPLES = 300;

export async function pushFigures(line: (label: string, value: string, ok?: boolean) => void): Promise<void> {
  const receiver = await startPushReceiver();
  try {
    const keys = generateVapidKeys();
    const device = receiver.newDevice('bench');
    const target = { endpoint: device.subscription.endpoint, ...device.subscription.keys };
    const payload = {
      title: 'Respondieron tu pregunta',
      body: '«Calculadora Casio fx-991»: Sí, con su estuche y las instrucciones.',
      path: '/product/123',
      tag: 'producto-123',
    };
    const sender = createWebPushSender({ subject: 'mailto:no-reply@mercado.test', keys: async () => keys });
    const ecdhOnly = await sample(SAMPLES, async () => {
      const e = createECDH('prime256v1');
      e.generateKeys();
      e.computeSecret(Buffer.from(target.p256dh, 'base64url'));
    });
    const built = await sample(SAMPLES, async () =>
      webPushRequest(target, JSON.stringify(payload), {
        keys,
        subject: 'mailto:no-reply@mercado.test',
        ttlSeconds: 86400,
        urgency: 'normal',
        topic: payload.tag,
      }),
    );
    const sent = await sample(SAMPLES, async () => {
      if ((await sender.send(target, payload, { ttlSeconds: 86400, urgency: 'normal' })) !== 'sent')
        throw new Error('the local push service refused a push');
    });
    const refused = receiver.received(device.id).filter((p) => p.refused);
    const f = (xs: number[]) => `${median(xs).toFixed(3)} / ${percentile(xs, 95).toFixed(3)} ms`;
    line('ECDH alone (the floor) p50 / p95', f(ecdhOnly));
    line(
      'one push built (encrypted + signed) p50 / p95',
      `${f(built)}, ${(median(built) / median(ecdhOnly)).toFixed(2)}× the floor`,
    );
    line('one push built and sent to the local push service p50 / p95', f(sent));
    line(
      'pushes the local push service refused or could not decrypt',
      String(refused.length),
      refused.length === 0,
    );
  } finally {
    await receiver.close();
  }
}
