import { handler as accounts } from '../../functions/app/areas/accounts';
import { handler as admin } from '../../functions/app/areas/admin';
import { handler as catalog } from '../../functions/app/areas/catalog';
import { handler as favorites } from '../../functions/app/areas/favorites';
import { handler as publishing } from '../../functions/app/areas/publishing';
import { handler as questions } from '../../functions/app/areas/questions';
import { handler as reports } from '../../functions/app/areas/reports';
import { type ApiArea, type RouteName, routes } from '#shared/routes';

const byArea: Record<ApiArea, typeof catalog> = {
  catalog,
  accounts,
  favorites,
  publishing,
  questions,
  reports,
  admin,
};

/**
 * The Lambda handler that serves a route in AWS: its area's function. Tests invoke it with the
 * route's payload-v2 event (support/events.ts), whose routeKey picks the route, as API Gateway's does.
 */
export const handlerOf = (name: RouteName) => byArea[routes[name].area];
