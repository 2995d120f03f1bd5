/** '1 producto encontrado', '12 productos encontrados': a leaf, for the early paint as well (decision 036). */
export const countText = (n: number) => `${n} ${n === 1 ? 'producto encontrado' : 'productos encontrados'}`;
