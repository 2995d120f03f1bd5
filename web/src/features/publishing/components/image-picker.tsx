import {
  type ChangeEvent,
  type Dispatch,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { IMAGE_MESSAGES } from '#shared/product-form';
import { LIMITS } from '#shared/limits';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useImportImageFromUrl } from '../api/import-image-from-url';
import { useUploadPhoto } from '../api/upload-photo';
import { UploadError } from '../upload';

const hostOf = (address: string | undefined) => {
  try {
    return address ? new URL(address).hostname : '';
  } catch {
    return '';
  }
};

export interface PhotoItem {
  id: number;
  /** A local object URL; null for a photo given by URL (the CSP shows only our own images). */
  preview: string | null;
  /** For a photo given by URL: where it came from. */
  source?: string;
  progress: number;
  key: string | null;
  failed: boolean;
}

/**
 * Up to 4 photos: each is shrunk in the browser, uploaded with its own progress bar, and shown as
 * a thumbnail that can be removed. Reports the uploaded keys (in order) and whether any is in flight.
 */
/** The uploaded keys, in order; what the product is published with. */
export const photoKeys = (items: readonly PhotoItem[]) => items.flatMap((i) => (i.key ? [i.key] : []));
/** Photos still on their way: publishing waits for them. */
export const photosInFlight = (items: readonly PhotoItem[]) => items.some((i) => !i.key && !i.failed);

/**
 * Controlled by the form (its `items`), so the keys the form sends are always the ones on screen;
 * `onPhotosChanged` fires when the set of uploaded photos changes (it clears an earlier verdict).
 */
export function ImagePicker({
  items,
  setItems,
  onPhotosChanged,
}: {
  items: PhotoItem[];
  setItems: Dispatch<SetStateAction<PhotoItem[]>>;
  onPhotosChanged: () => void;
}) {
  const id = useId();
  const { toast } = useToast();
  const uploadPhoto = useUploadPhoto();
  const importImage = useImportImageFromUrl();
  const [mode, setMode] = useState<'file' | 'url'>('file');
  const [url, setUrl] = useState('');
  const [importing, setImporting] = useState(false);
  const [dragging, setDragging] = useState(false);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const nextId = useRef(1);
  const full = items.length >= LIMITS.imagesPerProduct;

  // Thumbnails are object URLs: free them with their items.
  const previews = useRef(new Set<string>());
  useEffect(
    () => () => {
      for (const url of previews.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const update = (itemId: number, change: Partial<PhotoItem>) =>
    setItems((all) => all.map((i) => (i.id === itemId ? { ...i, ...change } : i)));

  const onFiles = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    void addFiles(files);
  };

  const addFiles = async (files: File[]) => {
    const room = LIMITS.imagesPerProduct - items.length;
    if (files.length > room) toast({ title: IMAGE_MESSAGES.tooManyImages, variant: 'destructive' });
    const accepted = files.slice(0, Math.max(0, room));
    const added = accepted.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { file, item: { id: nextId.current++, preview, progress: 0, key: null, failed: false } };
    });
    setItems((all) => [...all, ...added.map((a) => a.item)]);
    const results = await Promise.all(
      added.map(async ({ file, item }) => {
        try {
          const onProgress = (progress: number) => update(item.id, { progress });
          const key = await uploadPhoto.mutateAsync({ file, onProgress });
          update(item.id, { key, progress: 1 });
          onPhotosChanged();
          return true;
        } catch (err) {
          setItems((all) => all.filter((i) => i.id !== item.id));
          if (err instanceof UploadError || err instanceof ApiError)
            toast({ title: `Error al subir la imagen: ${err.message}`, variant: 'destructive' });
          else toast({ title: 'Error inesperado al subir la imagen', variant: 'destructive' });
          return false;
        }
      }),
    );
    const done = results.filter(Boolean).length;
    if (done > 0) toast({ title: `${done} imagen(es) subida(s) exitosamente` });
  };

  const remove = (itemId: number) => {
    setItems((all) => all.filter((i) => i.id !== itemId));
    onPhotosChanged();
  };

  const addUrl = async () => {
    const address = url.trim();
    if (!address || full || importing) return;
    setImporting(true);
    const item: PhotoItem = {
      id: nextId.current++,
      preview: null,
      source: address,
      progress: 0,
      key: null,
      failed: false,
    };
    setItems((all) => [...all, item]);
    try {
      const { key } = await importImage.mutateAsync(address);
      update(item.id, { key, progress: 1 });
      onPhotosChanged();
      setUrl('');
      toast({ title: '1 imagen(es) subida(s) exitosamente' });
    } catch (err) {
      setItems((all) => all.filter((i) => i.id !== item.id));
      toast({
        title:
          err instanceof ApiError
            ? `Error al subir la imagen: ${err.message}`
            : 'Error inesperado al subir la imagen',
        variant: 'destructive',
      });
    } finally {
      setImporting(false);
    }
  };

  return (
    <div className="field">
      <label id={labelId} htmlFor={id}>
        Imágenes ({items.length}/{LIMITS.imagesPerProduct})
      </label>
      {items.length > 0 && (
        <ul className="image-picker">
          {items.map((item, index) => (
            <li key={item.id} className="image-picker__item">
              {item.preview ? (
                <img src={item.preview} alt={`Foto ${index + 1}`} className="image-picker__thumb" />
              ) : (
                <span className="image-picker__link" title={item.source}>
                  Foto {index + 1}
                  <br />
                  {hostOf(item.source)}
                </span>
              )}
              {item.key ? (
                <button
                  type="button"
                  className="image-picker__remove"
                  aria-label={`Quitar foto ${index + 1}`}
                  onClick={() => remove(item.id)}
                >
                  ×
                </button>
              ) : (
                <progress
                  className="image-picker__progress"
                  max={100}
                  value={Math.round(item.progress * 100)}
                  aria-label={`Subiendo foto ${index + 1}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <fieldset className="image-picker__modes">
        <legend className="visually-hidden">Cómo agregar imágenes</legend>
        <button
          type="button"
          className="tag-suggestion"
          aria-pressed={mode === 'file'}
          onClick={() => setMode('file')}
          disabled={full}
        >
          Subir archivo
        </button>
        <button
          type="button"
          className="tag-suggestion"
          aria-pressed={mode === 'url'}
          onClick={() => setMode('url')}
          disabled={full}
        >
          Desde URL
        </button>
      </fieldset>
      {mode === 'file' ? (
        <>
          {/* The browser's own file input, hidden but focusable and named by the field's label; the
              drop zone after it is its styled face (a label: a click or tap opens the picker). */}
          <input
            id={id}
            className="visually-hidden file-drop__input"
            type="file"
            accept="image/*"
            multiple
            disabled={full}
            aria-labelledby={labelId}
            aria-describedby={hintId}
            onChange={onFiles}
          />
          <label
            htmlFor={id}
            className={['file-drop', dragging && 'file-drop--over', full && 'file-drop--disabled']
              .filter(Boolean)
              .join(' ')}
            onDragOver={(e) => {
              if (full) return;
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              if (!full) void addFiles([...e.dataTransfer.files]);
            }}
          >
            <span className="file-drop__button" aria-hidden="true">
              <svg
                className="icon"
                width={20}
                height={20}
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" />
              </svg>
              Elegir fotos
            </span>
            <span className="file-drop__or" aria-hidden="true">
              o arrástralas aquí
            </span>
          </label>
        </>
      ) : (
        <input
          id={id}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://…/foto.jpg"
          value={url}
          disabled={full || importing}
          onChange={(e) => setUrl(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void addUrl();
            }
          }}
          // Spec: a URL is added on Enter or when the field changes (leaving it).
          onBlur={() => void addUrl()}
        />
      )}
      <p id={hintId} className="muted field__help">
        {full
          ? IMAGE_MESSAGES.tooManyImages
          : 'Hasta 4 fotos. Las reducimos antes de subirlas y les quitamos la ubicación y otros datos.'}
      </p>
    </div>
  );
}
