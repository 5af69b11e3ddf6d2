// Placeholder while issue 5 builds this screen; replaced by the real route module.
export default function Placeholder() {
  return <p className="p-8">This page is being built.</p>;
}
