import { z } from 'zod';
import {
  authResponseSchema,
  loginBodySchema,
  profileResponseSchema,
  registerBodySchema,
  userResponseSchema,
  usersPageSchema,
  usersQuerySchema,
  userUpdateBodySchema,
} from './identity';
import { countSchema, errorBodySchema } from './common';
import { uploadDocumentResponseSchema, uploadImageResponseSchema } from './files';
import { geoSuggestQuerySchema, geoSuggestResponseSchema } from './geo';
import { taskTypeSettingCreateSchema, taskTypeSettingSchema, taskTypeSettingsSchema, taskTypeSettingUpdateSchema } from './task-types';
import {
  createTaskBodySchema,
  taskListQuerySchema,
  taskSchema,
  tasksPageSchema,
  taskStatusChangeBodySchema,
  updateTaskBodySchema,
} from './tasks';
import { quoteRequestSchema, quoteResponseSchema } from './pricing';
import {
  carrierListAssignmentBodySchema,
  carrierListAssignmentSchema,
  carrierListAssignmentsQuerySchema,
  carrierListAssignmentsSchema,
  carrierListCreateSchema,
  carrierListSchema,
  carrierListsSchema,
  carrierListUpdateSchema,
  platformSettingsSchema,
  platformSettingsUpdateSchema,
} from './ledger';
import {
  assignTaskBodySchema,
  bidListQuerySchema,
  bidsPageSchema,
  bidViewSchema,
  placeBidBodySchema,
  updateBidBodySchema,
} from './bids';
import { notificationListQuerySchema, notificationListSchema, notificationSchema } from './notifications';
import {
  confirmPaymentBodySchema,
  createPaymentIntentBodySchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  mockCompleteBodySchema,
  paymentHistoryQuerySchema,
  paymentHistorySchema,
  paymentIntentResponseSchema,
  paymentStateResponseSchema,
} from './payments';
import { freightNoteSchema, freightNoteUpdateBodySchema } from './freight-notes';

import {
  addProofBodySchema,
  addProofResponseSchema,
  createDeletionRequestBodySchema,
  deletionRequestListSchema,
  deletionRequestSchema,
  proofListSchema,
  resolveDeletionRequestBodySchema,
  resolveDeletionRequestResponseSchema,
} from './proofs';
import {
  createRatingBodySchema,
  publicRatingListSchema,
  publicRatingsQuerySchema,
  ratingListQuerySchema,
  ratingListSchema,
  ratingSchema,
  ratingSummaryQuerySchema,
  ratingSummarySchema,
} from './ratings';

export type ServiceName = 'identity' | 'tasks' | 'bids' | 'payments' | 'chat' | 'ledger' | 'gateway';
export type Access = 'anyone' | 'logged_in' | 'admin' | 'admin_or_self' | 'carrier' | 'customer';

/** One endpoint of the public HTTP contract (shared/API.md); the gateway turns the list into OpenAPI. */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  service: ServiceName;
  summary: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  status?: number;
}

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  services: z.record(z.string(), z.enum(['ok', 'down'])),
});

export const apiRoutes: ApiRoute[] = [
  { method: 'get', path: '/health', service: 'gateway', summary: 'Status for gateway og alle tjenester', access: 'anyone', response: healthSchema },
  { method: 'post', path: '/auth/register', service: 'identity', summary: 'Opret bruger (kunde eller vognmand)', access: 'anyone', body: registerBodySchema, response: authResponseSchema, status: 201 },
  { method: 'post', path: '/auth/login', service: 'identity', summary: 'Log ind; sætter cookien session', access: 'anyone', body: loginBodySchema, response: authResponseSchema },
  { method: 'post', path: '/auth/logout', service: 'identity', summary: 'Log ud; sessionen tilbagekaldes', access: 'logged_in', status: 204 },
  { method: 'get', path: '/auth/profile', service: 'identity', summary: 'Den indloggede bruger med gemte adresser', access: 'logged_in', response: profileResponseSchema },
  { method: 'get', path: '/users/me', service: 'identity', summary: 'Den indloggede bruger', access: 'logged_in', response: userResponseSchema },
  { method: 'get', path: '/users', service: 'identity', summary: 'Brugere (filter: customer, carrier, admin, blocked, pending)', access: 'admin', query: usersQuerySchema, response: usersPageSchema },
  { method: 'get', path: '/users/{id}', service: 'identity', summary: 'En bruger', access: 'admin_or_self', response: userResponseSchema },
  { method: 'put', path: '/users/{id}', service: 'identity', summary: 'Ret en bruger', access: 'admin_or_self', body: userUpdateBodySchema, response: userResponseSchema },
  { method: 'delete', path: '/users/{id}', service: 'identity', summary: 'Slet en bruger', access: 'admin', status: 204 },
  { method: 'put', path: '/admin/users/{id}/approve', service: 'identity', summary: 'Godkend vognmand', access: 'admin', response: userResponseSchema },
  { method: 'put', path: '/admin/users/{id}/reject', service: 'identity', summary: 'Afvis vognmand', access: 'admin', response: userResponseSchema },
  { method: 'put', path: '/admin/users/{id}/block', service: 'identity', summary: 'Bloker bruger', access: 'admin', response: userResponseSchema },
  { method: 'put', path: '/admin/users/{id}/unblock', service: 'identity', summary: 'Ophæv blokering', access: 'admin', response: userResponseSchema },
  { method: 'get', path: '/admin/carriers/pending-count', service: 'identity', summary: 'Antal vognmænd der venter på godkendelse', access: 'admin', response: countSchema },
  { method: 'get', path: '/admin/users/blocked-count', service: 'identity', summary: 'Antal blokerede brugere', access: 'admin', response: countSchema },
  { method: 'get', path: '/tasks', service: 'tasks', summary: 'Opgaver (filtre, fritekstsøgning, sider); offentlig visning for uvedkommende', access: 'anyone', query: taskListQuerySchema, response: tasksPageSchema },
  { method: 'post', path: '/tasks', service: 'tasks', summary: 'Opret opgave (kunde, gæst eller admin; ikke vognmand)', access: 'anyone', body: createTaskBodySchema, response: taskSchema, status: 201 },
  { method: 'get', path: '/tasks/{id}', service: 'tasks', summary: 'En opgave (fuld visning for ejer, admin og tildelt vognmand)', access: 'logged_in', response: taskSchema },
  { method: 'put', path: '/tasks/{id}', service: 'tasks', summary: 'Ret en opgave (ejer før tildeling, admin)', access: 'logged_in', body: updateTaskBodySchema, response: taskSchema },
  { method: 'delete', path: '/tasks/{id}', service: 'tasks', summary: 'Slet en opgave', access: 'admin', status: 204 },
  { method: 'patch', path: '/tasks/{id}/status', service: 'tasks', summary: 'Skift status efter tilstandsmaskinen', access: 'logged_in', body: taskStatusChangeBodySchema, response: taskSchema },
  { method: 'post', path: '/upload/image', service: 'tasks', summary: 'Upload et billede (multipart-feltet file); genkodes til JPEG uden metadata, maks. 1600 px', access: 'anyone', response: uploadImageResponseSchema, status: 201 },
  { method: 'post', path: '/upload/document', service: 'tasks', summary: 'Upload et dokument (PDF eller billede, multipart-feltet file)', access: 'logged_in', response: uploadDocumentResponseSchema, status: 201 },
  { method: 'get', path: '/files/{key}', service: 'tasks', summary: 'Hent en uploadet fil (dokumenter kun for ejer og admin)', access: 'anyone' },
  { method: 'get', path: '/geo/suggest', service: 'tasks', summary: 'Op til 6 danske adresseforslag', access: 'anyone', query: geoSuggestQuerySchema, response: geoSuggestResponseSchema },
  { method: 'get', path: '/admin/tasks/pending-count', service: 'tasks', summary: 'Antal opgaver der afventer godkendelse', access: 'admin', response: countSchema },
  { method: 'get', path: '/admin/task-types', service: 'tasks', summary: 'Opgavetyper med eget max antal bud (andre typer bruger platformens)', access: 'admin', response: taskTypeSettingsSchema },
  { method: 'post', path: '/admin/task-types', service: 'tasks', summary: 'Giv en opgavetype sit eget max antal bud (navnet gemmes med små bogstaver; findes den: 409)', access: 'admin', body: taskTypeSettingCreateSchema, response: taskTypeSettingSchema, status: 201 },
  { method: 'put', path: '/admin/task-types/{type}', service: 'tasks', summary: 'Ret en opgavetypes max antal bud', access: 'admin', body: taskTypeSettingUpdateSchema, response: taskTypeSettingSchema },
  { method: 'delete', path: '/admin/task-types/{type}', service: 'tasks', summary: 'Slet en opgavetypes eget max antal bud (platformens gælder igen)', access: 'admin', status: 204 },
  { method: 'post', path: '/pricing/quote', service: 'ledger', summary: 'Prisberegning for en nettopris; kunde, vognmand og admin ser hver sin del', access: 'logged_in', body: quoteRequestSchema, response: quoteResponseSchema },
  { method: 'get', path: '/admin/platform-settings', service: 'ledger', summary: 'Platformens gebyrer, moms og max bud', access: 'admin', response: platformSettingsSchema },
  { method: 'put', path: '/admin/platform-settings', service: 'ledger', summary: 'Ret platformens gebyrer, moms og max bud (udeladte felter beholder deres værdi)', access: 'admin', body: platformSettingsUpdateSchema, response: platformSettingsSchema },
  { method: 'get', path: '/admin/carrier-lists', service: 'ledger', summary: 'Carrier-lister (A, B, C …) med gebyrer', access: 'admin', response: carrierListsSchema },
  { method: 'post', path: '/admin/carrier-lists', service: 'ledger', summary: 'Opret carrier-liste', access: 'admin', body: carrierListCreateSchema, response: carrierListSchema, status: 201 },
  { method: 'put', path: '/admin/carrier-lists/{id}', service: 'ledger', summary: 'Ret carrier-liste', access: 'admin', body: carrierListUpdateSchema, response: carrierListSchema },
  { method: 'delete', path: '/admin/carrier-lists/{id}', service: 'ledger', summary: 'Slet carrier-liste (kun uden carriers)', access: 'admin', status: 204 },
  { method: 'get', path: '/admin/carrier-lists/assignments', service: 'ledger', summary: 'Hvilke carriers er på hvilken liste (filter userId=1,2,…)', access: 'admin', query: carrierListAssignmentsQuerySchema, response: carrierListAssignmentsSchema },
  { method: 'post', path: '/admin/carrier-lists/assignments', service: 'ledger', summary: 'Sæt en carrier på en liste (flytter fra en anden liste; 201 ny, 200 flyttet)', access: 'admin', body: carrierListAssignmentBodySchema, response: carrierListAssignmentSchema, status: 201 },
  { method: 'delete', path: '/admin/carrier-lists/assignments/{id}', service: 'ledger', summary: 'Tag en carrier af sin liste', access: 'admin', status: 204 },
  { method: 'post', path: '/bids', service: 'bids', summary: 'Afgiv bud (godkendt vognmand; pris = netto i DKK; gyldighed som standard 14 dage kl. 20:00)', access: 'carrier', body: placeBidBodySchema, response: bidViewSchema, status: 201 },
  { method: 'get', path: '/bids', service: 'bids', summary: 'Bud (filter taskId, carrierId, status): vognmand egne, kunde på egne opgaver, admin alle', access: 'logged_in', query: bidListQuerySchema, response: bidsPageSchema },
  { method: 'get', path: '/bids/{id}', service: 'bids', summary: 'Et bud i den visning, kalderen må se (kunde brutto, vognmand udbetaling, admin alt)', access: 'logged_in', response: bidViewSchema },
  { method: 'put', path: '/bids/{id}', service: 'bids', summary: 'Ret eget bud, mens det afventer (pris og/eller gyldighed; prisberegnes igen)', access: 'carrier', body: updateBidBodySchema, response: bidViewSchema },
  { method: 'post', path: '/bids/{id}/accept', service: 'bids', summary: 'Vælg buddet (opgavens ejer eller admin): opgaven tildeles, de andre bud afvises', access: 'logged_in', response: bidViewSchema },
  { method: 'post', path: '/bids/{id}/reject', service: 'bids', summary: 'Afvis et afventende bud (opgavens ejer eller admin)', access: 'logged_in', response: bidViewSchema },
  { method: 'get', path: '/tasks/{id}/bids', service: 'bids', summary: 'Opgavens bud og budrunde (antal/max, åben for bud)', access: 'logged_in', query: bidListQuerySchema, response: bidsPageSchema },
  { method: 'post', path: '/tasks/{id}/assign', service: 'bids', summary: 'Tildel opgaven ved at vælge et bud {carrier_id, bid_id}', access: 'logged_in', body: assignTaskBodySchema, response: bidViewSchema },
  { method: 'get', path: '/notifications', service: 'chat', summary: 'Egne notifikationer, nyeste først (unread=1: kun ulæste; limit højst 50)', access: 'logged_in', query: notificationListQuerySchema, response: notificationListSchema },
  { method: 'put', path: '/notifications/{id}/read', service: 'chat', summary: 'Markér en af egne notifikationer som læst (andres: 404)', access: 'logged_in', response: notificationSchema },
  { method: 'post', path: '/payments/intents', service: 'payments', summary: 'Start betaling af opgavens accepterede bud (opgavens ejer); beløbet beregnes af serveren; udløbet bud: 409 bid_expired', access: 'customer', body: createPaymentIntentBodySchema, response: paymentIntentResponseSchema },
  { method: 'post', path: '/payments/confirm', service: 'payments', summary: 'Bekræft betalingen efter korttrinnet (spørger udbyderen; kan gentages)', access: 'customer', body: confirmPaymentBodySchema, response: paymentStateResponseSchema },
  { method: 'post', path: '/payments/webhook', service: 'payments', summary: 'Stripe-webhook (signaturen kontrolleres; hver hændelse håndteres én gang)', access: 'anyone' },
  { method: 'post', path: '/payments/mock/{paymentIntentId}/complete', service: 'payments', summary: 'Testudbyderens korttrin (kun mock): 4000 0000 0000 0002 afvises', access: 'customer', body: mockCompleteBodySchema, response: paymentStateResponseSchema },
  { method: 'get', path: '/finance/ledger', service: 'ledger', summary: 'Ledger: transaktioner med fuld opdeling (filtre from, to, carrierId, taskId, customerId, status; sider)', access: 'admin', query: ledgerQuerySchema, response: ledgerPageSchema },
  { method: 'get', path: '/finance/payments/me', service: 'ledger', summary: 'Egne betalinger (kunde)', access: 'logged_in', query: paymentHistoryQuerySchema, response: paymentHistorySchema },
  { method: 'get', path: '/tasks/{id}/freight-note', service: 'tasks', summary: 'Opgavens fragtbrev (ejer, admin, tildelt vognmand; en vognmand med bud ser kun postnummer, by og land)', access: 'logged_in', response: freightNoteSchema },
  { method: 'put', path: '/tasks/{id}/freight-note', service: 'tasks', summary: 'Ret fragtbrevet (kunden mens opgaven er betalt, afhentet eller undervejs; admin altid, også status); låst: 409', access: 'logged_in', body: freightNoteUpdateBodySchema, response: freightNoteSchema },
  { method: 'get', path: '/tasks/{id}/freight-note.pdf', service: 'tasks', summary: 'Fragtbrevet som PDF (A4, de 7 nummererede felter)', access: 'logged_in' },
  { method: 'get', path: '/tasks/{id}/proofs', service: 'tasks', summary: 'Opgavens beviser (ejer, admin, tildelt vognmand)', access: 'logged_in', response: proofListSchema },
  { method: 'post', path: '/tasks/{id}/proofs', service: 'tasks', summary: 'Afhentnings- eller leveringsbevis (billeder ≤ 6, underskrift, lokation, eller forgæves); sætter picked_up/delivered', access: 'logged_in', body: addProofBodySchema, response: addProofResponseSchema, status: 201 },
  { method: 'delete', path: '/tasks/{id}/proofs/{proofId}', service: 'tasks', summary: 'Slet et bevis (admin; tildelt vognmand før levering og mens fragtbrevet ikke er låst)', access: 'logged_in', status: 204 },
  { method: 'get', path: '/tasks/{id}/deletion-requests', service: 'tasks', summary: 'Anmodninger om sletning (admin alle; ejer/vognmand egne)', access: 'logged_in', response: deletionRequestListSchema },
  { method: 'post', path: '/tasks/{id}/deletion-requests', service: 'tasks', summary: 'Anmod om sletning (ejer eller tildelt vognmand; én afventende pr. opgave)', access: 'logged_in', body: createDeletionRequestBodySchema, response: deletionRequestSchema, status: 201 },
  { method: 'put', path: '/tasks/{id}/deletion-requests/{requestId}', service: 'tasks', summary: 'Godkend (opgaven annulleres) eller afvis en anmodning', access: 'admin', body: resolveDeletionRequestBodySchema, response: resolveDeletionRequestResponseSchema },
  { method: 'get', path: '/ratings', service: 'tasks', summary: 'Vurderinger (taskId, userId, userType); egne opgavers, admin alle', access: 'logged_in', query: ratingListQuerySchema, response: ratingListSchema },
  { method: 'post', path: '/ratings', service: 'tasks', summary: 'Vurdér modparten på en afsluttet opgave (én pr. bruger pr. opgave: 409)', access: 'logged_in', body: createRatingBodySchema, response: ratingSchema, status: 201 },
  { method: 'get', path: '/ratings/summary', service: 'tasks', summary: 'Vognmandens gennemsnit (én decimal) og antal', access: 'logged_in', query: ratingSummaryQuerySchema, response: ratingSummarySchema },
  { method: 'get', path: '/ratings/carrier/{id}', service: 'tasks', summary: 'Vurderinger vognmanden har fået, med gennemsnit og antal', access: 'logged_in', response: ratingListSchema },
  { method: 'get', path: '/ratings/public', service: 'tasks', summary: 'Forsidens anmeldelser (score > 0, kommentar ≥ 6 tegn, højst 20; kun fornavn)', access: 'anyone', query: publicRatingsQuerySchema, response: publicRatingListSchema },
];

export { errorBodySchema };
