/** '1 producto encontrado', '12 productos encontrados': the results' count. */
export const countText = (n: number) => `${n} ${n === 1 ? 'producto encontrado' : 'productos encontrados'}`;
