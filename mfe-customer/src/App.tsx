import { CreateTaskPage } from './features/create-task/create-task-page';

/**
 * The customer's part of the product, exposed to the shell as `./App` and mounted at /create-task and
 * /tasks/create (the router is the shell's, shared): the create-and-edit task wizard.
 */
export default function CustomerApp() {
  return <CreateTaskPage />;
}
