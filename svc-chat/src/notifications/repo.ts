import type { NotificationKind, NotificationType } from '@fragtbud/contracts';
import type { Db } from '../context';

export interface NotificationRow {
  id: number;
  user_id: number;
  task_id: number | null;
  type: NotificationType;
  kind: NotificationKind;
  title: string;
  message: string;
  subject: string;
  data: Record<string, unknown> & { body: string };
  read_at: Date | null;
  created_at: Date;
  source_event_id: string | null;
}

export type NewNotification = Omit<NotificationRow, 'id' | 'read_at' | 'created_at'>;

/**
 * Inserts the notifications; one whose (source event, kind) is already there is skipped, so handling an event a
 * second time adds nothing. Returns the rows that are new.
 */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return (await db('notifications')
    .insert(rows.map((row) => ({ ...row, data: JSON.stringify(row.data) })))
    .onConflict(['source_event_id', 'kind', 'user_id'])
    .ignore()
    .returning('*')) as NotificationRow[];
}

/** The newest notification of one kind about one task for one user (what we last told them of it). */
export async function latestAbout(db: Db, userId: number, taskId: number, kind: NotificationKind): Promise<NotificationRow | undefined> {
  return db<NotificationRow>('notifications').where({ user_id: userId, task_id: taskId, kind }).orderBy('id', 'desc').first();
}

/** A user's notifications (only unread ones when asked), newest first. */
export async function listNotificationsOf(
  db: Db,
  userId: number,
  { unread, limit }: { unread: boolean; limit: number },
): Promise<NotificationRow[]> {
  const query = db<NotificationRow>('notifications')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  if (unread) query.whereNull('read_at');
  return (await query) as NotificationRow[];
}

/** Marks the user's notification read (the first time only); undefined when they have none with that id. */
export async function markNotificationRead(db: Db, userId: number, id: number, now: Date): Promise<NotificationRow | undefined> {
  const rows = (await db('notifications')
    .where({ id, user_id: userId })
    .update({ read_at: db.raw('coalesce(read_at, ?)', [now]) })
    .returning('*')) as NotificationRow[];
  return rows[0];
}

export async function deleteNotificationsOf(db: Db, userId: number): Promise<number> {
  return db('notifications').where({ user_id: userId }).delete();
}
