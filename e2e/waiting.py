"""What the page waits for, one condition for every driver (Playwright, WebDriver BiDi, WebKit's
WebDriver): a dialog to close, a round's result on the table, the pass screen's button, or the
person's decision, once the game's save is written (`<html data-saving>`), so that a test may read
the save the page shows at once."""

# The body of a function: `button` is the first option the page offers at the person's turn.
WAITING = """
  const open = (id) => document.getElementById(id)?.open;
  if (open('final-dialog')) return 'final';
  if (open('round-dialog')) return 'round';
  if (open('draw-dialog')) return 'draw';
  const html = document.documentElement;
  if (html.dataset.busy === 'true' || html.dataset.saving === 'true') return false;
  if (document.getElementById('round-strip')?.hidden === false) return 'round';
  if (!document.getElementById('pass').hidden && !document.getElementById('pass-take').hidden) return 'pass';
  if (html.dataset.yourTurn !== 'true' || document.getElementById('table').hidden) return false;
  const button = document.querySelector('#decision [data-action]:not([disabled])')
      ?? document.querySelector('#hand button:not([disabled])');
"""

# The state's name: 'final', 'round', 'draw', 'pass' or 'turn' (false while the page is busy).
STATE_JS = "() => {" + WAITING + "  return button ? 'turn' : false;\n}"
