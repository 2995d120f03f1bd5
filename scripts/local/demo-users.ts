import type { LocalUser } from './parts/cognito';

/** The accounts the local stack creates once and the start banner prints. Local only. */
export const DEMO_STUDENT: LocalUser = {
  email: 'estudiante@est.ucab.edu.ve',
  password: 'Estudiante123',
  name: 'María Estudiante',
  nationalId: 'V12345678',
  universityId: 'ucab',
  groups: [],
};

export const DEMO_ADMIN: LocalUser = {
  email: 'admin@ucab.edu.ve',
  password: 'Admin12345',
  name: 'Administrador Demo',
  nationalId: 'V87654321',
  universityId: 'ucab',
  groups: ['admin', 'super_admin'],
};

/**
 * The README's seller: the demo gives them three UCAB listings with questions to answer (scripts/demo/
 * questions.ts). The catalogue's other listings belong to the demo sellers of scripts/demo/sellers.ts.
 */
export const DEMO_SELLER: LocalUser = {
  email: 'vendedor@est.ucab.edu.ve',
  password: 'Vendedor123',
  name: 'Carlos Méndez',
  nationalId: 'V23456789',
  universityId: 'ucab',
  groups: [],
};

export const DEMO_USERS: readonly LocalUser[] = [DEMO_STUDENT, DEMO_ADMIN, DEMO_SELLER];
