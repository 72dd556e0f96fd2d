/**
 * 'Agregar fotos' on the budget's page (update budget, while the status takes changes): the chosen images go to the
 * file store (purpose budget_picture), then budgets.addPictures attaches them, so the grid and the zip page show them
 * as they show an order's.
 */
import { PICTURE_ERRORS, pictureFileProblem } from "@taller/core";
import { ImagePlus } from "lucide-react";
import { useRef, useState } from "react";
import { UploadError, uploadPictures } from "../../lib/upload";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";

export function BudgetPictureUpload({ budgetId }: { budgetId: number }) {
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const attach = trpc.budgets.addPictures.useMutation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (files: File[]) => {
    setProblem(null);
    const wrong = files.map(pictureFileProblem).find(Boolean);
    if (wrong) return setProblem(wrong);
    setBusy(true);
    try {
      await attach.mutateAsync({ budget_id: budgetId, file_ids: await uploadPictures(files, "budget_picture") });
      await utils.budgets.get.invalidate({ id: budgetId });
    } catch (error) {
      // The store's own answer is not always written for people ("HTTP 502"); the spec's message is.
      setProblem(error instanceof UploadError || !(error instanceof Error) ? PICTURE_ERRORS.upload : error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="budget-picture-upload">
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        multiple
        hidden
        aria-label="Fotos del presupuesto"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])].slice(0, 20);
          e.currentTarget.value = "";
          if (files.length) void upload(files);
        }}
      />
      <Button
        variant="secondary"
        icon={<ImagePlus size={16} aria-hidden />}
        loading={busy}
        onClick={() => input.current?.click()}
      >
        Agregar fotos
      </Button>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
