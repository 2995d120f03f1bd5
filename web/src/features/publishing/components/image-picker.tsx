import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { IMAGE_MESSAGES } from '../../../../../shared/product-form';
import { LIMITS } from '../../../../../shared/limits';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { UploadError, uploadPhoto } from '../upload';

interface Item {
  id: number;
  preview: string;
  progress: number;
  key: string | null;
  failed: boolean;
}

/**
 * Up to 4 photos: each is shrunk in the browser, uploaded with its own progress bar, and shown as
 * a thumbnail that can be removed. Reports the uploaded keys (in order) and whether any is in flight.
 */
export function ImagePicker({ onChange }: { onChange: (keys: string[], uploading: boolean) => void }) {
  const id = useId();
  const { toast } = useToast();
  const [items, setItems] = useState<Item[]>([]);
  const nextId = useRef(1);
  const full = items.length >= LIMITS.imagesPerProduct;

  useEffect(() => {
    onChange(
      items.flatMap((i) => (i.key ? [i.key] : [])),
      items.some((i) => !i.key && !i.failed),
    );
  }, [items, onChange]);

  // Thumbnails are object URLs: free them with their items.
  const previews = useRef(new Set<string>());
  useEffect(() => () => {
    for (const url of previews.current) URL.revokeObjectURL(url);
  }, []);

  const update = (itemId: number, change: Partial<Item>) =>
    setItems((all) => all.map((i) => (i.id === itemId ? { ...i, ...change } : i)));

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
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
          const key = await uploadPhoto(file, (progress) => update(item.id, { progress }));
          update(item.id, { key, progress: 1 });
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

  const remove = (itemId: number) => setItems((all) => all.filter((i) => i.id !== itemId));

  return (
    <div className="field">
      <label htmlFor={id}>Imágenes ({items.length}/{LIMITS.imagesPerProduct})</label>
      {items.length > 0 && (
        <ul className="image-picker">
          {items.map((item, index) => (
            <li key={item.id} className="image-picker__item">
              <img src={item.preview} alt={`Foto ${index + 1}`} className="image-picker__thumb" />
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
      <input
        id={id}
        className="input"
        type="file"
        accept="image/*"
        multiple
        disabled={full}
        onChange={(e) => void onFiles(e)}
      />
      <p className="muted field__help">
        {full
          ? IMAGE_MESSAGES.tooManyImages
          : 'Hasta 4 fotos. Las reducimos antes de subirlas y les quitamos la ubicación y otros datos.'}
      </p>
    </div>
  );
}
