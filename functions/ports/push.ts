import type { PushKind, PushPayload, PushSettings } from '#shared/push';

/** A person's device as stored: its browser's push subscription (issue 41). */
export interface PushDevice {
  userId: string;
  endpoint: string;
  /** The subscription's public key (P-256, uncompressed, base64url) and auth secret (16 bytes). */
  p256dh: string;
  auth: string;
  createdAt: string;
}

/** The devices and the switches, in the table. */
export interface PushDeviceStore {
  /**
   * Holds the device for the person: created, or refreshed when they held it already (its keys
   * replaced); taken from whoever held the endpoint before; the oldest of theirs dropped beyond
   * `max`. 'created' or 'refreshed'.
   */
  hold(device: PushDevice, max: number, now: string): Promise<'created' | 'refreshed'>;
  /** Drops the person's device with this endpoint; nothing when it is not theirs. */
  release(userId: string, endpoint: string): Promise<void>;
  /** The person's devices, oldest first. */
  devicesOf(userId: string): Promise<PushDevice[]>;
  /** Drops a device the push service said is gone (404/410), unless it was held anew meanwhile. */
  forget(device: PushDevice): Promise<void>;
  /** Drops every device of a person (their profile was deleted). */
  releaseAll(userId: string): Promise<number>;
  /** The person's switches (each on unless turned off); null when they have no profile. */
  settings(userId: string): Promise<PushSettings | null>;
  /** Sets some switches; false when the person has no profile (nothing written). */
  setSettings(userId: string, changes: Partial<PushSettings>): Promise<boolean>;
}

/** What a push service answered: delivered, the device is gone (404/410), or it failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Sends one encrypted push (RFC 8030/8291/8292) to a device. Never throws. */
export interface PushSender {
  send(
    device: Pick<PushDevice, 'endpoint' | 'p256dh' | 'auth'>,
    payload: PushPayload,
    opts: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<PushOutcome>;
}

/** What the stream and the jobs push with. */
export interface PushDeps {
  pushDevices: PushDeviceStore;
  pushSender: PushSender;
}

export type { PushKind };
