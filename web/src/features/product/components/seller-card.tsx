import type { ReactNode } from 'react';

export interface SellerCardProps {
  sellerName: string;
  universityName: string;
  /** What concerns the seller: the WhatsApp contact and the report button. */
  actions?: ReactNode;
}

export function SellerCard({ sellerName, universityName, actions }: SellerCardProps) {
  const initial = sellerName.trim().charAt(0).toUpperCase() || 'U';
  return (
    <section className="seller-card" aria-labelledby="seller-card-title">
      <h2 id="seller-card-title" className="seller-card__title">
        Vendedor
      </h2>
      <div className="seller-card__person">
        <span className="seller-card__avatar" aria-hidden="true">
          {initial}
        </span>
        <div>
          <p className="seller-card__name">{sellerName}</p>
          <p className="seller-card__university">{universityName}</p>
        </div>
      </div>
      {actions && <div className="seller-card__actions">{actions}</div>}
    </section>
  );
}
