import { describe, expect, it } from 'vitest';
import {
  claimableParents,
  DOMAIN_MESSAGES,
  isPublicMailDomain,
  isSharedSuffix,
  selfAndParents,
  universityDomainRefusal,
} from './university-domains';

describe('university e-mail domains (decision 042)', () => {
  it('refuses public mail providers, their country endings and their subdomains', () => {
    for (const d of ['gmail.com', 'GOOGLEMAIL.COM', 'hotmail.com', 'hotmail.es', 'hotmail.co.uk', 'outlook.com.ve']) {
      expect(isPublicMailDomain(d), d).toBe(true);
    }
    for (const d of ['live.com', 'yahoo.com.ve', 'yandex.ru', 'gmx.de', 'proton.me', 'cantv.net', 'x.gmail.com']) {
      expect(isPublicMailDomain(d), d).toBe(true);
    }
    expect(universityDomainRefusal('Gmail.com')).toBe(DOMAIN_MESSAGES.publicMail.replace('{domain}', 'gmail.com'));
  });

  it('refuses shared suffixes: a bare TLD, or a generic second level under a country', () => {
    for (const d of ['ve', 'com', 'edu.ve', 'com.ve', 'gob.ve', 'org.ve', 'net.ve', 'co.ve', 'web.ve', 'info.ve', 'co.uk']) {
      expect(isSharedSuffix(d), d).toBe(true);
      expect(universityDomainRefusal(d), d).toBe(DOMAIN_MESSAGES.sharedSuffix.replace('{domain}', d));
    }
  });

  it("accepts a university's own domain, even when a label looks like a provider's", () => {
    for (const d of ['ucab.edu.ve', 'est.ucab.edu.ve', 'usb.ve', 'live.ucv.edu.ve', 'outlook.unimet.edu.ve', 'ula.ve']) {
      expect(universityDomainRefusal(d), d).toBeNull();
    }
  });

  it('lists the parents a university could hold, nearest first, without the shared suffixes', () => {
    expect(selfAndParents('a.b.edu.ve')).toEqual(['a.b.edu.ve', 'b.edu.ve', 'edu.ve', 've']);
    expect(claimableParents('ciencias.est.ucv.edu.ve')).toEqual(['est.ucv.edu.ve', 'ucv.edu.ve']);
    expect(claimableParents('ucv.edu.ve')).toEqual([]);
    expect(claimableParents('usb.ve')).toEqual([]);
  });
});
