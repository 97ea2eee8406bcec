import { grievancesAdminRoutes } from '../features/grievances/grievances.admin-routes.ts';
import { grievancesRoutes } from '../features/grievances/grievances.routes.ts';
import {
  createGrievancesService,
  type GrievanceMailDeps,
} from '../features/grievances/grievances.service.ts';
import type { MailOutbox } from '../features/mail/mail-outbox.ts';
import { settingsAdminRoutes } from '../features/settings/settings.admin-routes.ts';
import { settingsRoutes } from '../features/settings/settings.routes.ts';
import type { AuthGuards } from '../http/authenticate.ts';
import { deriveKey } from '../security/derived-keys.ts';
import type { FeatureGroup } from './feature-group.ts';
import type { ShopContext } from './shop-context.ts';

/** What grievance mails are written from (the outbox's templates and the service share it). */
export function grievanceMailDepsOf(ctx: ShopContext): GrievanceMailDeps {
  return {
    db: ctx.db,
    publicSettings: () => ctx.settings.publicSettings(),
    publicUrl: ctx.config.publicUrl,
    // Each HMAC has its own key derived from the root secret, never the secret itself.
    statusLinkKey: deriveKey(ctx.config.jwtSecret, 'grievance-status-link'),
  };
}

/** The shop's settings and the grievance desk. */
export function careFeatures(
  ctx: ShopContext,
  needs: { guards: AuthGuards; outbox: MailOutbox },
): FeatureGroup<Record<string, never>> {
  const { guards, outbox } = needs;
  const grievances = createGrievancesService({
    ...grievanceMailDepsOf(ctx),
    outbox,
    throttle: ctx.throttle,
  });
  return {
    services: {},
    routes: [settingsRoutes(ctx.settings), grievancesRoutes(grievances)],
    adminRoutes: [
      grievancesAdminRoutes(grievances, guards),
      settingsAdminRoutes(ctx.settings, guards),
    ],
    jobs: {},
  };
}
