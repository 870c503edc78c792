/**
 * A well-formed request for every route of the registry, aimed at the world's objects, so that what a caller gets
 * back is decided by who they are — not by bad input.
 */
import type { ApiRoute } from '@fragtbud/contracts';
import { password, type RequestOptions, type World } from './world';

export type RouteKey = `${Uppercase<ApiRoute['method']>} ${string}`;
export const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>): RouteKey =>
  `${route.method.toUpperCase() as Uppercase<ApiRoute['method']>} ${route.path}`;

export interface RouteRequest extends Omit<RequestOptions, 'as'> {
  path: string;
}

type Build = (world: World) => RouteRequest;

const newTask = {
  type: 'courier',
  from_address: 'Vestergade 12, 8000 Aarhus C',
  to_address: 'Nørregade 5, 1165 København K',
  description: 'En pakke',
  details: { packageSize: 'small', packageWeight: 2.5 },
  contact_email: 'kontakt@example.dk',
};

function pngForm(): FormData {
  // The smallest valid PNG: 1×1, one grey pixel.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  return form;
}

/** Per route: path and body. Anything the registry lists must be here (the matrix fails otherwise). */
export const routeRequests: Record<RouteKey, Build> = {
  'GET /health': () => ({ path: '/health' }),
  'POST /auth/register': () => ({
    path: '/auth/register',
    json: { name: 'Ny Bruger', email: `ny-${Math.random().toString(36).slice(2)}@example.dk`, password: 'hemmelig-kode', role: 'customer', acceptTerms: true },
  }),
  'POST /auth/login': () => ({ path: '/auth/login', json: { email: 'ingen@example.dk', password: 'forkert-kode' } }),
  'POST /auth/logout': () => ({ path: '/auth/logout', headers: { 'x-matrix': 'logout' } }),
  'GET /auth/profile': () => ({ path: '/auth/profile' }),
  'GET /users/me': () => ({ path: '/users/me' }),
  'GET /account/export': () => ({ path: '/account/export' }),
  // The world's users share one password; the admin is refused before it is looked at.
  'DELETE /account': () => ({ path: '/account', json: { currentPassword: password } }),
  'POST /auth/verify-request': () => ({ path: '/auth/verify-request', json: { email: 'ingen@example.dk' } }),
  'POST /auth/verify-email': () => ({ path: '/auth/verify-email', json: { token: 'ukendt-token-til-matrix' } }),
  'POST /auth/forgot-password': () => ({ path: '/auth/forgot-password', json: { email: 'ingen@example.dk' } }),
  // An unknown reset token: a logged-in password change would end the other sessions the next rows need.
  'POST /auth/reset-password': () => ({ path: '/auth/reset-password', json: { token: 'ukendt-token-til-matrix', newPassword: 'ny-hemmelig-kode-2' } }),
  'GET /auth/2fa': () => ({ path: '/auth/2fa' }),
  'POST /auth/2fa/setup': () => ({ path: '/auth/2fa/setup' }),
  'POST /auth/2fa/enable': () => ({ path: '/auth/2fa/enable', json: { code: '000000' } }),
  'POST /auth/2fa/disable': () => ({ path: '/auth/2fa/disable', json: { password: 'forkert-kode' } }),
  'POST /auth/2fa/email/request': () => ({ path: '/auth/2fa/email/request', json: { email: 'ingen@example.dk', challenge: 'ukendt-udfordring-til-matrix' } }),
  'POST /auth/2fa/email/verify': () => ({
    path: '/auth/2fa/email/verify',
    json: { email: 'ingen@example.dk', challenge: 'ukendt-udfordring-til-matrix', code: '123456' },
  }),
  'GET /auth/oidc/config': () => ({ path: '/auth/oidc/config' }),
  'GET /auth/oidc/start': () => ({ path: '/auth/oidc/start?next=/dashboard' }),
  'GET /auth/oidc/callback': () => ({ path: '/auth/oidc/callback?code=abc&state=def' }),
  'GET /auth/oidc/link/start': () => ({ path: '/auth/oidc/link/start' }),
  'GET /auth/oidc/links': () => ({ path: '/auth/oidc/links' }),
  'DELETE /auth/oidc/links/{id}': () => ({ path: '/auth/oidc/links/999999' }),
  'GET /auth/sessions': () => ({ path: '/auth/sessions' }),
  'DELETE /auth/sessions': () => ({ path: '/auth/sessions' }),
  'DELETE /auth/sessions/{id}': () => ({ path: '/auth/sessions/999999' }),
  'PUT /users/profile': () => ({ path: '/users/profile', json: { phone: '87654321' } }),
  'GET /users/billing': () => ({ path: '/users/billing' }),
  'PUT /users/billing': () => ({ path: '/users/billing', json: { company: 'Matrix ApS', city: 'Aarhus' } }),
  'POST /users/billing-changes': () => ({ path: '/users/billing-changes', json: { data: { company: 'Matrix ApS', city: 'Aarhus' } } }),
  'GET /users/billing-changes/me': () => ({ path: '/users/billing-changes/me' }),
  'GET /users/bank-info': () => ({ path: '/users/bank-info' }),
  'PUT /users/bank-info': () => ({ path: '/users/bank-info', json: { bankReg: '1234', bankAccount: '1234567890' } }),
  'GET /users/insurance/me': () => ({ path: '/users/insurance/me' }),
  'POST /users/insurance': (w) => ({ path: '/users/insurance', json: { file_url: `/api/files/${w.carrierDocumentKey}`, expires_at: '2030-01-01' } }),
  'PUT /users/insurance/{id}': () => ({ path: '/users/insurance/999999', json: { notes: 'Fornyet' } }),
  'GET /admin/users/{id}/insurance': (w) => ({ path: `/admin/users/${w.actors.unapproved.id}/insurance` }),
  'GET /admin/billing-changes': () => ({ path: '/admin/billing-changes?status=pending' }),
  'PUT /admin/billing-changes/{id}/approve': () => ({ path: '/admin/billing-changes/999999/approve' }),
  'PUT /admin/billing-changes/{id}/reject': () => ({ path: '/admin/billing-changes/999999/reject' }),
  'GET /cvr/{number}': () => ({ path: '/cvr/12345678' }),
  'GET /dev/mail': () => ({ path: '/dev/mail?to=ingen@example.dk' }),
  'GET /users': () => ({ path: '/users' }),
  'GET /users/{id}': (w) => ({ path: `/users/${w.actors.customerA.id}` }),
  'PUT /users/{id}': (w) => ({ path: `/users/${w.actors.customerA.id}`, json: { phone: '87654321' } }),
  'DELETE /users/{id}': (w) => ({ path: `/users/${w.spareUserId}` }),
  'PUT /admin/users/{id}/approve': (w) => ({ path: `/admin/users/${w.actors.unapproved.id}/approve` }),
  'PUT /admin/users/{id}/reject': (w) => ({ path: `/admin/users/${w.actors.unapproved.id}/reject` }),
  'PUT /admin/users/{id}/block': (w) => ({ path: `/admin/users/${w.spareUserId}/block` }),
  'PUT /admin/users/{id}/unblock': (w) => ({ path: `/admin/users/${w.spareUserId}/unblock` }),
  'GET /admin/carriers/pending-count': () => ({ path: '/admin/carriers/pending-count' }),
  'GET /admin/users/blocked-count': () => ({ path: '/admin/users/blocked-count' }),
  'GET /tasks': () => ({ path: '/tasks' }),
  'POST /tasks': () => ({ path: '/tasks', json: newTask }),
  'GET /tasks/{id}': (w) => ({ path: `/tasks/${w.openTaskId}` }),
  'PUT /tasks/{id}': (w) => ({ path: `/tasks/${w.openTaskId}`, json: { description: 'Flyttekasser, en sofa og en reol' } }),
  'DELETE /tasks/{id}': (w) => ({ path: `/tasks/${w.spareTaskId}` }),
  // A task of customer A's that has no guest link: only its owner is told it is theirs.
  'POST /tasks/{id}/claim': (w) => ({ path: `/tasks/${w.openTaskId}/claim`, json: { access: 'x'.repeat(43) } }),
  'PATCH /tasks/{id}/status': (w) => ({ path: `/tasks/${w.assignedTaskId}/status`, json: { status: 'assigned' } }),
  'POST /upload/image': () => ({ path: '/upload/image', raw: pngForm() }),
  'POST /upload/document': () => ({ path: '/upload/document', raw: pngForm() }),
  'GET /files/{key}': (w) => ({ path: `/files/${w.documentKey}` }),
  'GET /geo/suggest': () => ({ path: '/geo/suggest?q=Vestergade' }),
  'GET /admin/tasks/pending-count': () => ({ path: '/admin/tasks/pending-count' }),
  'GET /admin/deletion-requests': () => ({ path: '/admin/deletion-requests?status=pending' }),
  'GET /admin/task-types': () => ({ path: '/admin/task-types' }),
  'POST /admin/task-types': () => ({ path: '/admin/task-types', json: { type: 'matrixtype', maxBids: 7 } }),
  'PUT /admin/task-types/{type}': () => ({ path: '/admin/task-types/matrixtype', json: { maxBids: 8 } }),
  'DELETE /admin/task-types/{type}': () => ({ path: '/admin/task-types/matrixtype' }),
  'POST /pricing/quote': () => ({ path: '/pricing/quote', json: { net: 1000 } }),
  'GET /admin/platform-settings': () => ({ path: '/admin/platform-settings' }),
  'PUT /admin/platform-settings': () => ({ path: '/admin/platform-settings', json: { vatPercentage: 25 } }),
  'GET /admin/carrier-lists': () => ({ path: '/admin/carrier-lists' }),
  'POST /admin/carrier-lists': () => ({ path: '/admin/carrier-lists', json: { name: 'Matrix', feePercentage: 5 } }),
  'PUT /admin/carrier-lists/{id}': () => ({ path: '/admin/carrier-lists/999999', json: { name: 'Matrix 2' } }),
  'DELETE /admin/carrier-lists/{id}': () => ({ path: '/admin/carrier-lists/999999' }),
  'GET /admin/carrier-lists/assignments': () => ({ path: '/admin/carrier-lists/assignments' }),
  'POST /admin/carrier-lists/assignments': (w) => ({
    path: '/admin/carrier-lists/assignments',
    json: { userId: w.actors.uninvolved.id, listId: 999999 },
  }),
  'DELETE /admin/carrier-lists/assignments/{id}': () => ({ path: '/admin/carrier-lists/assignments/999999' }),
  'POST /bids': (w) => ({ path: '/bids', json: { taskId: w.openTaskId, price: 900 } }),
  'GET /bids': (w) => ({ path: `/bids?taskId=${w.openTaskId}` }),
  'GET /bids/{id}': (w) => ({ path: `/bids/${w.pendingBidId}` }),
  'PUT /bids/{id}': (w) => ({ path: `/bids/${w.pendingBidId}`, json: { price: 1000 } }),
  'POST /bids/{id}/accept': (w) => ({ path: `/bids/${w.acceptedBidId}/accept`, json: {} }),
  'POST /bids/{id}/reject': (w) => ({ path: `/bids/${w.acceptedBidId}/reject`, json: {} }),
  'GET /tasks/{id}/bids': (w) => ({ path: `/tasks/${w.openTaskId}/bids` }),
  'POST /tasks/{id}/assign': (w) => ({ path: `/tasks/${w.assignedTaskId}/assign`, json: { bid_id: w.acceptedBidId } }),
  'GET /notifications': () => ({ path: '/notifications' }),
  'PUT /notifications/{id}/read': (w) => ({ path: `/notifications/${w.notificationId}/read` }),
  'POST /chat/messages': (w) => ({
    path: '/chat/messages',
    json: { taskId: w.assignedTaskId, receiverId: w.actors.customerA.id, message: 'Jeg kommer kl. 8' },
  }),
  // customer A's thread with the carrier: customer A's own, and the admin's to look into.
  'GET /chat/messages': (w) => ({
    path: `/chat/messages?taskId=${w.assignedTaskId}&partnerId=${w.actors.carrier.id}&userId=${w.actors.customerA.id}`,
  }),
  'GET /chat/threads': (w) => ({ path: `/chat/threads?taskId=${w.assignedTaskId}` }),
  'PUT /chat/messages/{id}/read': (w) => ({ path: `/chat/messages/${w.chatMessageId}/read` }),
  'PUT /chat/threads/read': (w) => ({ path: '/chat/threads/read', json: { taskId: w.assignedTaskId, partnerId: w.actors.carrier.id } }),
  'GET /events': () => ({ path: '/events' }),
  'POST /payments/intents': (w) => ({ path: '/payments/intents', json: { taskId: w.assignedTaskId } }),
  'POST /payments/confirm': () => ({ path: '/payments/confirm', json: { paymentIntentId: 'pi_matrix_unknown' } }),
  'POST /payments/webhook': () => ({ path: '/payments/webhook', raw: '{}', headers: { 'stripe-signature': 't=1,v1=00' } }),
  'POST /payments/mock/{paymentIntentId}/complete': () => ({
    path: '/payments/mock/pi_matrix_unknown/complete',
    json: { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
  }),
  'GET /finance/ledger': () => ({ path: '/finance/ledger' }),
  'GET /finance/payments/me': () => ({ path: '/finance/payments/me' }),
  'GET /finance/ledger.csv': () => ({ path: '/finance/ledger.csv' }),
  // More than the carrier has earned (nothing is paid yet): the admin passes the check and meets the limit.
  'POST /finance/payouts/carrier': (w) => ({
    path: '/finance/payouts/carrier',
    json: { amountGross: 100, carrierId: w.actors.carrier.id },
    headers: { 'idempotency-key': `matrix-carrier-${Math.random().toString(36).slice(2)}` },
  }),
  'POST /finance/payouts/platform': () => ({
    path: '/finance/payouts/platform',
    json: { amountGross: 100 },
    headers: { 'idempotency-key': `matrix-platform-${Math.random().toString(36).slice(2)}` },
  }),
  'PUT /finance/payouts/{id}/status': () => ({ path: '/finance/payouts/999999/status', json: { status: 'cancelled' } }),
  'POST /finance/adjustments': (w) => ({
    path: '/finance/adjustments',
    json: { customerId: w.actors.customerA.id, amount: 50, reason: 'Godtgørelse for ventetid' },
    headers: { 'idempotency-key': `matrix-adjustment-${Math.random().toString(36).slice(2)}` },
  }),
  'GET /finance/me': () => ({ path: '/finance/me' }),
  'GET /finance/me.csv': () => ({ path: '/finance/me.csv' }),
  'POST /finance/payout-requests': () => ({
    path: '/finance/payout-requests',
    headers: { 'idempotency-key': `matrix-request-${Math.random().toString(36).slice(2)}` },
  }),
  'GET /finance/ledger/customer/me': () => ({ path: '/finance/ledger/customer/me' }),
  'GET /admin/financial-overview': () => ({ path: '/admin/financial-overview' }),
  'GET /admin/platform-saldo': () => ({ path: '/admin/platform-saldo' }),
  'GET /admin/platform-saldo.csv': () => ({ path: '/admin/platform-saldo.csv' }),
  // Nothing paid on the task, so no saved card: the admin passes the check and meets the provider's refusal.
  'POST /admin/charges': (w) => ({
    path: '/admin/charges',
    json: { taskId: w.assignedTaskId, customerId: w.actors.customerA.id, amount: 100, reason: 'Ekstra ventetid' },
    headers: { 'idempotency-key': `matrix-charge-${Math.random().toString(36).slice(2)}` },
  }),
  'POST /admin/users/{id}/connected-account': (w) => ({ path: `/admin/users/${w.actors.carrier.id}/connected-account` }),
  'POST /finance/payout-link': () => ({ path: '/finance/payout-link' }),
  'GET /tasks/{id}/freight-note': (w) => ({ path: `/tasks/${w.assignedTaskId}/freight-note` }),
  'PUT /tasks/{id}/freight-note': (w) => ({ path: `/tasks/${w.assignedTaskId}/freight-note`, json: { goods_description: 'Møbler' } }),
  'GET /tasks/{id}/freight-note.pdf': (w) => ({ path: `/tasks/${w.assignedTaskId}/freight-note.pdf` }),
  'GET /tasks/{id}/proofs': (w) => ({ path: `/tasks/${w.assignedTaskId}/proofs` }),
  'POST /tasks/{id}/proofs': (w) => ({ path: `/tasks/${w.assignedTaskId}/proofs`, json: { type: 'pickup', failed: true } }),
  'DELETE /tasks/{id}/proofs/{proofId}': (w) => ({ path: `/tasks/${w.assignedTaskId}/proofs/999999` }),
  'GET /tasks/{id}/deletion-requests': (w) => ({ path: `/tasks/${w.assignedTaskId}/deletion-requests` }),
  'POST /tasks/{id}/deletion-requests': (w) => ({ path: `/tasks/${w.assignedTaskId}/deletion-requests`, json: {} }),
  'PUT /tasks/{id}/deletion-requests/{requestId}': (w) => ({
    path: `/tasks/${w.assignedTaskId}/deletion-requests/999999`,
    json: { action: 'reject' },
  }),
  'GET /ratings': (w) => ({ path: `/ratings?taskId=${w.assignedTaskId}` }),
  'POST /ratings': (w) => ({ path: '/ratings', json: { taskId: w.assignedTaskId, rating: 5 } }),
  'GET /ratings/summary': (w) => ({ path: `/ratings/summary?carrierId=${w.actors.carrier.id}` }),
  'GET /ratings/carrier/{id}': (w) => ({ path: `/ratings/carrier/${w.actors.carrier.id}` }),
  'GET /ratings/public': () => ({ path: '/ratings/public' }),
  'GET /carriers': (w) => ({ path: `/carriers?ids=${w.actors.carrier.id},${w.actors.uninvolved.id}` }),
  'GET /carriers/{id}': (w) => ({ path: `/carriers/${w.actors.carrier.id}` }),
  'GET /alerts': () => ({ path: '/alerts' }),
  'POST /alerts': () => ({ path: '/alerts', json: { name: 'Matrix', fromRegions: ['midtjylland'], email: 'off' } }),
  'PATCH /alerts/{id}': () => ({ path: '/alerts/999999', json: { paused: true } }),
  'DELETE /alerts/{id}': () => ({ path: '/alerts/999999' }),
  'GET /alerts/unsubscribe': () => ({ path: `/alerts/unsubscribe?s=alert:999999&t=${'A'.repeat(32)}` }),
  'POST /alerts/unsubscribe': () => ({ path: `/alerts/unsubscribe?s=alert:999999&t=${'A'.repeat(32)}` }),
  'GET /carrier/profile': () => ({ path: '/carrier/profile' }),
  'PUT /carrier/profile': () => ({ path: '/carrier/profile', json: { vehicles: [{ type: 'van', capacityM3: 12, maxKg: 1200, tailLift: true }], coverageRegions: ['syddanmark'] } }),
};
