import { z } from 'zod';

export const taskTypes = ['moving', 'courier', 'package', 'furniture', 'fullload'] as const;
export const taskTypeSchema = z.enum(taskTypes);
export type TaskType = z.infer<typeof taskTypeSchema>;

export const taskTypeLabels: Record<TaskType, string> = {
  moving: 'Flytning',
  courier: 'Kurertransport',
  package: 'Palle og pakker',
  furniture: 'Møbeltransport',
  fullload: 'Fulloads',
};

export const taskStatuses = [
  'pending_admin_review',
  'created',
  'open_for_bids',
  'assigned',
  'paid',
  'picked_up',
  'in_transit',
  'in_progress',
  'delivered',
  'completed',
  'cancelled',
] as const;
export const taskStatusSchema = z.enum(taskStatuses);
export type TaskStatus = z.infer<typeof taskStatusSchema>;
