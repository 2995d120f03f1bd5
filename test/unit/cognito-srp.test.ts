import { describe, expect, it } from 'vitest';
import {
  claimSignature,
  clientKey,
  formatTimestamp,
  k,
  modPow,
  N,
  padHex,
  parseA,
  parseTimestamp,
  passwordX,
  poolName,
  scrambler,
  serverB,
  serverKey,
  signatureMatches,
  verifier,
} from '../../scripts/local/parts/srp';

/**
 * Known-answer vectors for the local Cognito endpoint's SRP (scripts/local/parts/srp.ts). The expected
 * values were computed once, independently of this code, by the Python below (hashlib, hmac and
 * pow() only; Python 3.11), with fixed a, b and salt:
 *
 * # One-off, independent of the TypeScript: Cognito's SRP maths in plain Python (hashlib/hmac/pow).
 * import hashlib, hmac, base64
 * N = int('FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD'
 * 'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED'
 * 'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F'
 * '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B'
 * 'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510'
 * '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7'
 * 'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C'
 * 'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF', 16)
 * g = 2
 * def pad(n):
 *     # two's-complement style big-endian bytes, as Java's BigInteger.toByteArray
 *     b = n.to_bytes((n.bit_length() + 8) // 8, 'big')  # one extra bit for sign → leading 00 when top bit set
 *     return b
 * def H(b): return hashlib.sha256(b).digest()
 * k = int.from_bytes(H(pad(N) + pad(g)), 'big')
 * a = int('a1b2c3d4' * 8, 16)
 * b = int('0f1e2d3c' * 8, 16)
 * salt = int('8c7b6a594837261504f3e2d1c0b0a090', 16)
 * pool_id = 'local_Ab3dE5gh'; pool = pool_id.split('_')[1]
 * user_id = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b'
 * password = 'Clave12345!ñ'
 * secret_block = base64.b64encode(bytes(range(48)) * 2).decode()
 * timestamp = 'Sun Dec 6 08:30:05 UTC 2026'
 * x = int.from_bytes(H(pad(salt) + H((pool + user_id + ':' + password).encode())), 'big')
 * v = pow(g, x, N)
 * A = pow(g, a, N)
 * B = (k * v + pow(g, b, N)) % N
 * u = int.from_bytes(H(pad(A) + pad(B)), 'big')
 * S_server = pow(A * pow(v, u, N) % N, b, N)
 * S_client = pow((B - k * pow(g, x, N)) % N, a + u * x, N)
 * assert S_server == S_client
 * prk = hmac.new(pad(u), pad(S_server), hashlib.sha256).digest()
 * key = hmac.new(prk, b'Caldera Derived Key\x01', hashlib.sha256).digest()[:16]
 * sig = base64.b64encode(hmac.new(key, pool.encode() + user_id.encode() + base64.b64decode(secret_block) + timestamp.encode(), hashlib.sha256).digest()).decode()
 * for name, val in [('k', k), ('x', x), ('v', v), ('A', A), ('B', B), ('u', u), ('S', S_server)]:
 *     print(f"{name} = {val:x}")
 * print('key =', key.hex()); print('secretBlock =', secret_block); print('signature =', sig)
 */
const a = BigInt(`0x${'a1b2c3d4'.repeat(8)}`);
const b = BigInt(`0x${'0f1e2d3c'.repeat(8)}`);
const SALT = '8c7b6a594837261504f3e2d1c0b0a090';
const POOL_ID = 'local_Ab3dE5gh';
const USER_ID = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const PASSWORD = 'Clave12345!ñ';
const SECRET_BLOCK = Buffer.from(Array.from({ length: 96 }, (_, i) => i % 48)).toString('base64');
const TIMESTAMP = 'Sun Dec 6 08:30:05 UTC 2026';

const hex = (s: string) => BigInt(`0x${s}`);
const EXPECTED = {
  k: '538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6',
  x: '796924969974151616c7b8f87c4207811e06682d85f38fe370e046770439728c',
  v: hex(
    'bb25c3db8d824bdeb24c88add14e0ed035c9f861720574db32c3be83ed6498f7a5dd3c0c78c836d7ff1857f305d11e25' +
      '9fbb09cc7cf8a3d98c6a7b9fd5a6685b149ee44ef26730d8156998d17ec698329cf6b2473e065857fbd858320e3fa417' +
      'a6993d4dbc30a4fdd4e8387042b7a16fb7c6908eb188b0cdb63764b681632d080a287b77f75b874cc866f57490611c61' +
      '03a4a33c94cc248e5a7c5fd220cf7afc0c0e8e80c56b041aae8620a7e1a4aea1a5e70b98bcd6f996051ca6ab1024ea8d' +
      '2f83d341ab7ae7c51ff6d5fbc279def5468dd686c276d42864ddd02dcab6156d6a32014e00bb98cd4a11756fb85b8481' +
      'd664c72d2037cd9813c7288ca8b96c35d5cbb4e2a515cc573e302863e0d8ac5791916dc87f810df38c0fa8f3869bd082' +
      'cec4dbcd94838caf68aba401b806b940e4780be4c4b00dfbab8cd032cb0dbe0d7d7df85210eda99d415f0fd738b7710e' +
      'c226a12026d36cc4b3db5ae5cf2cd2829aad34409921facee260b847af886657ff3b2b9ef61f7157d9a77218f99420d0',
  ),
  A: hex(
    '1244909a69e46d68d7b41d20f080a6978e0447b1add1379b1898f33d02d1eaeaf1ce127060b98894ac1a89c2f2bcb57d' +
      '914c0478c4ff2621a3f4383ee4ddbf2e1879d9a52b978de8517d14b96aca5a564be4e8fb3fe14f2e1ad76bec2fee6192' +
      '5610db1b42e4ddf89e0acb1c27b4047e3a784b0a021033aba69b3ae10c3013179a9ab3e7e5af29a258d855196f8ace06' +
      '37de332d7eacbbcf9e3b29f617bd7151fe6bedd8a0bfe0e9abea5ccdcaa76aff26575a6718e77f58e7cccca21a43edd1' +
      'a061fb4f261935891d3cbfa57e796e9cb138314bbfca8882d4fa5576e7b280fb88c895c9fdf3e3fd949dc837f1c04d58' +
      '6947745b85687a11cafc86056525c2bd0f11eba3ad583aa2f67dcd79ddd710129277abcb384ed94f892be79be9b24826' +
      'f1f8bcb6c373d5347305c0435d56f593b2dada87beb5c6f7e623976ad65bbefd87473c27937f88ad833479151b672c92' +
      '1ae91a63e401ce8023d7b3d4e0a2b1bfabaa7d9c6c35054a96e91b38c737d782c8ada0a8e7dfd27ccc62edab8fc389be',
  ),
  B: hex(
    '18b7c287bac173a32ea93f72e5f9e2d8ce7530bc40789944e2bfe59cf23c90d04ada3b03a5f5d19b072b0ee1dc65bc8e' +
      '79a94f1eeb90b7334acb2aae402bd6519c06918bd6d9a2b086505b686b82585c12949228abfc3b43ff62b64e5a7d289c' +
      '27502bb507effb67a204007add6823ab1b9eee270af993fc4f8dec1bcad5cec0a345798de7c9bd53a5beb528e0787934' +
      '0dff01c382dc54a443b70fae6cf9c0c50d1ddbdfaed4a7841b6fcf16efb15438a37cffa197b3355bf6e05e1835ed4144' +
      'c7579a9176338cf6d7e98be8d44f30ad9b22e3b7a86f40c7f1723c829bce3dcb86448cc885edacdfde6b914ecdd4a24b' +
      '473df3b53e69a863f74436e44382170f5617602ccff3554091ec99d3163b2200c4a435c0221f69ab50e39838d5d6147e' +
      '3bc2fcf3d710f3a73deae050fb54c0d4782cabe2393db007d6289a30b7ad898c001678444b8e195c3e986657103d8be3' +
      '6e2649a3159d881d6e4c8581a521d6acefd25af517ae203e9817637de99f5e77e1079bda2e40ec300d38c52eee4d3f4a',
  ),
  u: '3c211c416e18bd12100e38687ab2cca237274297cc0f8544f43fedd30f5da955',
  key: '38a53999abcbb15120ebc3413185b494',
  signature: '6rX4fn6u1g3mKJWW8mYtHJObT7IxYFa/5mUYCDyIJXg=',
};

describe('SRP maths (known answers from an independent Python implementation)', () => {
  const pool = poolName(POOL_ID);
  const x = passwordX(SALT, pool, USER_ID, PASSWORD);
  const v = verifier(SALT, pool, USER_ID, PASSWORD);
  const A = modPow(2n, a, N);
  const B = serverB(v, b);

  it('derives k, x, the verifier, A, B and u as Cognito does', () => {
    expect(pool).toBe('Ab3dE5gh');
    expect(SECRET_BLOCK).toBe(
      'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vAAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4v',
    );
    expect(k.toString(16)).toBe(EXPECTED.k);
    expect(x.toString(16)).toBe(EXPECTED.x);
    expect(v).toBe(EXPECTED.v);
    expect(A).toBe(EXPECTED.A);
    expect(B).toBe(EXPECTED.B);
    expect(scrambler(A, B).toString(16)).toBe(EXPECTED.u);
  });

  it('derives the same 16-byte key on both sides and the PASSWORD_CLAIM_SIGNATURE', () => {
    const server = serverKey({ A, B, b, v });
    expect(server.toString('hex')).toBe(EXPECTED.key);
    expect(clientKey({ a, B, x }).toString('hex')).toBe(EXPECTED.key);
    const signature = claimSignature(server, {
      pool,
      userId: USER_ID,
      secretBlock: SECRET_BLOCK,
      timestamp: TIMESTAMP,
    });
    expect(signature).toBe(EXPECTED.signature);
    expect(signatureMatches(signature, EXPECTED.signature)).toBe(true);
    // A wrong password gives another key, so another signature.
    const wrong = clientKey({ a, B, x: passwordX(SALT, pool, USER_ID, 'Clave12345!n') });
    expect(
      signatureMatches(
        signature,
        claimSignature(wrong, { pool, userId: USER_ID, secretBlock: SECRET_BLOCK, timestamp: TIMESTAMP }),
      ),
    ).toBe(false);
    // Signatures of another length are refused without throwing.
    expect(signatureMatches(signature, signature.slice(0, 20))).toBe(false);
    expect(signatureMatches(signature, '')).toBe(false);
  });

  it("pads hex as Cognito's clients do (a leading 00 byte when the top bit is set)", () => {
    expect(padHex(0n)).toBe('00');
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0xabcn)).toBe('0abc');
    expect(padHex(0x8abcn)).toBe('008abc');
  });
});

describe('SRP input checks', () => {
  it('refuses an A that is 0 mod N, not hex or longer than N', () => {
    expect(parseA('00')).toHaveProperty('error');
    expect(parseA(N.toString(16))).toHaveProperty('error');
    expect(parseA((N * 2n).toString(16))).toHaveProperty('error');
    expect(parseA('xyz')).toHaveProperty('error');
    expect(parseA('')).toHaveProperty('error');
    expect(parseA(12)).toHaveProperty('error');
    expect(parseA('f'.repeat(2000))).toHaveProperty('error');
    expect(parseA('0002')).toEqual({ A: 2n });
  });

  it("writes and reads Cognito's TIMESTAMP (day of the month not zero-padded)", () => {
    const date = new Date(Date.UTC(2026, 11, 6, 8, 30, 5));
    expect(formatTimestamp(date)).toBe(TIMESTAMP);
    expect(parseTimestamp(TIMESTAMP)).toBe(date.getTime());
    expect(formatTimestamp(new Date(Date.UTC(2027, 0, 14, 23, 4, 9)))).toBe('Thu Jan 14 23:04:09 UTC 2027');
    expect(parseTimestamp('Sun Dec 06 08:30:05 UTC 2026')).toBeNull();
    expect(parseTimestamp('Mon Dec 6 08:30:05 UTC 2026')).toBeNull();
    expect(parseTimestamp('Sun Dec 6 08:30:05 GMT 2026')).toBeNull();
    expect(parseTimestamp('Sun Dec 6 24:30:05 UTC 2026')).toBeNull();
    expect(parseTimestamp('2026-12-06T08:30:05Z')).toBeNull();
  });
});
