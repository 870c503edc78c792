export default function AdminApp() {
  return <p>Admin</p>;
}
