// The score keeper's pad as a picture: drawn into a canvas, then shared (a phone's share
// sheet) or offered as a download.
import { $ } from "../lib/dom.js";
import { numberText, signed, t } from "../lib/words.js";

const IMAGE_NAME = "wizard-score-pad.png";

/** Share the pad as a PNG where the browser can, else offer it as a download link. */
export async function sharePad(view) {
  const blob = await new Promise((resolve) => drawImage(view).toBlob(resolve, "image/png"));
  const file = new File([blob], IMAGE_NAME, { type: "image/png" });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: t("keeper.title") });
      return;
    } catch (error) {
      if (error?.name === "AbortError") return; // the person closed the share sheet
    }
  }
  const link = $("keeper-download");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
  link.download = IMAGE_NAME;
  link.textContent = t("keeper.download");
  link.hidden = false;
  link.focus();
}

/** The pad drawn into a canvas: names, each round's bid (and a Cloud's change), tricks and total, the final totals. */
export function drawImage(view) {
  const scale = 2;
  const first = 110;
  const clouds = view.specials?.cloud_pad ?? []; // S14: each round's Cloud changes, shown beside the bid
  const clouded = clouds.some((changes) => changes.some(Boolean));
  const column = clouded ? 190 : 130;
  const totalAt = clouded ? 120 : 60; // where a total stands in its column
  const line = 30;
  const width = first + column * view.players.length + 20;
  const height = line * (view.score_pad.length + 5) + 20;
  const canvas = document.createElement("canvas");
  canvas.width = width * scale;
  canvas.height = height * scale;
  const g = canvas.getContext("2d");
  g.scale(scale, scale);
  g.fillStyle = "#fffdf6";
  g.fillRect(0, 0, width, height);
  g.fillStyle = "#1b244a";
  g.font = "bold 18px system-ui, sans-serif";
  g.fillText(t("pad.title"), 10, line);
  g.font = "bold 14px system-ui, sans-serif";
  const clip = (text, room) => {
    let shown = text;
    while (shown.length > 1 && g.measureText(shown).width > room) shown = shown.slice(0, -1);
    return shown === text ? text : `${shown.slice(0, -1)}…`;
  };
  view.players.forEach(({ name }, seat) => g.fillText(clip(name, column - 10), first + seat * column, line * 2));
  g.font = "13px system-ui, sans-serif";
  g.fillStyle = "#555";
  g.fillText(t("pad.round"), 10, line * 2);
  view.score_pad.forEach((rows, index) => {
    const y = line * (index + 3);
    g.fillStyle = index % 2 ? "#f3efe2" : "#fffdf6";
    g.fillRect(0, y - line + 9, width, line);
    g.fillStyle = "#1b244a";
    g.fillText(String(index + 1), 10, y);
    rows.forEach((row, seat) => {
      const x = first + seat * column;
      const change = clouds[index]?.[seat];
      const bid = change ? `${row.bid} ${t("pad.cloud", { change: signed(change) })}` : String(row.bid);
      g.fillStyle = row.bid === row.taken ? "#1d6b35" : "#a32020";
      g.fillText(`${bid} / ${row.taken}`, x, y);
      g.fillStyle = "#1b244a";
      g.fillText(numberText(row.total), x + totalAt, y);
    });
  });
  const y = line * (view.score_pad.length + 3) + 4;
  g.strokeStyle = "#1b244a";
  g.beginPath();
  g.moveTo(10, y - line + 12);
  g.lineTo(width - 10, y - line + 12);
  g.stroke();
  g.font = "bold 15px system-ui, sans-serif";
  g.fillText(t("pad.total"), 10, y);
  view.totals.forEach((total, seat) => g.fillText(numberText(total), first + seat * column + totalAt, y));
  if (view.winners.length) {
    g.font = "14px system-ui, sans-serif";
    const names = view.winners.map((seat) => view.players[seat].name).join(", ");
    g.fillText(clip(t("keeper.image_winners", { names, count: view.winners.length }), width - 20), 10, y + line);
  }
  return canvas;
}
