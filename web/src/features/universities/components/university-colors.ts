import { useEffect, useState } from 'react';

/** Card colours: built-in palettes for two universities, else extracted from the logo, else from a hash of the id. */
export interface CardColors {
  from: string;
  to: string;
}

export const BUILT_IN_PALETTES: Record<string, CardColors> = {
  ucab: { from: '#0b3d91', to: '#1f7a4d' },
  unimet: { from: '#f26522', to: '#00338d' },
};

export function hashColors(id: string): CardColors {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return { from: `hsl(${hue} 65% 38%)`, to: `hsl(${(hue + 40) % 360} 60% 28%)` };
}

/** Average colour of the logo's opaque, non-white pixels; null when the image cannot be read. */
function averageLogoColor(img: HTMLImageElement): [number, number, number] | null {
  const canvas = document.createElement('canvas');
  canvas.width = 24;
  canvas.height = 24;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(img, 0, 0, 24, 24);
  const data = ctx.getImageData(0, 0, 24, 24).data; // throws on a tainted (cross-origin) canvas
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [pr, pg, pb, pa] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
    if (pa < 128 || (pr > 230 && pg > 230 && pb > 230)) continue;
    r += pr;
    g += pg;
    b += pb;
    n++;
  }
  return n === 0 ? null : [Math.round(r / n), Math.round(g / n), Math.round(b / n)];
}

/** Darkens a colour so white text stays readable on it. */
function shade([r, g, b]: [number, number, number], factor: number): string {
  return `rgb(${Math.round(r * factor)} ${Math.round(g * factor)} ${Math.round(b * factor)})`;
}

export function useCardColors(id: string, logo: string | null | undefined): CardColors {
  const [colors, setColors] = useState<CardColors>(() => BUILT_IN_PALETTES[id] ?? hashColors(id));
  useEffect(() => {
    if (BUILT_IN_PALETTES[id] || !logo || typeof Image === 'undefined') return;
    let cancelled = false;
    const img = new Image();
    if (new URL(logo, location.href).origin !== location.origin) img.crossOrigin = 'anonymous';
    img.onload = () => {
      try {
        const avg = averageLogoColor(img);
        if (avg && !cancelled) setColors({ from: shade(avg, 0.8), to: shade(avg, 0.5) });
      } catch {
        // Logo without CORS headers: keep the hash colours.
      }
    };
    img.src = logo;
    return () => {
      cancelled = true;
    };
  }, [id, logo]);
  return colors;
}
