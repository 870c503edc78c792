/*
 * The pieces of React Router the front ends use. Production builds alias `react-router-dom` to this file, so the
 * shared singleton (one router context for the shell and every remote) carries only these instead of the whole
 * library: Module Federation cannot tree-shake a shared module, because it does not know who will consume it.
 * Using another piece of the router in an app means adding it here (the build fails on a missing export).
 * Tests and `rspack serve` use the real package.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
