import type { SellerPageSettings } from '#shared/trust';
import type { AuthContext } from '../../commons/auth';
import type { TrustStore } from '../../ports/trust';
import { type AccountDeps, getProfile } from './accounts';

/** /settings → 'Mi página de vendedor' (docs/decisions/032): the switch lives on the profile item. */
export async function getSellerPageSettings(
  deps: Pick<AccountDeps, 'profiles' | 'now'> & { trust: TrustStore },
  auth: AuthContext,
): Promise<SellerPageSettings> {
  await getProfile(deps, auth);
  const profile = await deps.trust.sellerProfile(auth.userId);
  return { hide_sold: profile?.seller_hide_sold ?? false };
}

export async function updateSellerPageSettings(
  deps: Pick<AccountDeps, 'profiles' | 'now'> & { trust: TrustStore },
  auth: AuthContext,
  hideSold: boolean,
): Promise<SellerPageSettings> {
  await getProfile(deps, auth);
  if (!(await deps.trust.setHideSold(auth.userId, hideSold)))
    throw new Error(`Profile ${auth.userId} vanished while its seller page changed`);
  return { hide_sold: hideSold };
}
