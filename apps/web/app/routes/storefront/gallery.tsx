import type { GalleryImageDto } from '@labshop/shared/schemas/content';
import type { Route } from './+types/gallery';
import { fetchGallery } from '../../features/content/api/content.ts';
import { GalleryGrid } from '../../features/content/components/gallery-grid.tsx';
import { SITE } from '../../lib/site.ts';

/** /gallery (SPEC.md "Gallery page"): the thumbnails come with the page. */
export async function loader({ context }: Route.LoaderArgs) {
  let images: GalleryImageDto[] = [];
  try {
    images = await fetchGallery(context);
  } catch (error) {
    // A failed list is only logged (SPEC.md section 8); the page shows its empty state.
    console.error('Loading the gallery failed:', error);
  }
  return { images, storageBaseUrl: context.publicConfig.storageBaseUrl };
}

export function meta(_: Route.MetaArgs) {
  return [
    { title: `Gallery | ${SITE.name}` },
    {
      name: 'description',
      content: `Pictures from ${SITE.name}: our plant in Toledo, Ohio, our machines at work in dental laboratories, and the people who build them.`,
    },
  ];
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:py-12">
      <header className="mb-6 max-w-3xl lg:mb-8">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Gallery</h1>
        <p className="mt-2 text-slate-600">
          Our plant, our machines at work in dental laboratories, and the people who build them.
          Choose a picture to see it full size.
        </p>
      </header>
      <GalleryGrid images={loaderData.images} storageBaseUrl={loaderData.storageBaseUrl} />
    </div>
  );
}
