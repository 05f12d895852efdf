"""The proof's bound over the step protocol: the tree and search of :mod:`.tree_search`, in Python.

Any backend that steps (``root``/``child``/``is_terminal``) runs it, so the proof compares
structures like the solver does; the answers are the compiled code's (the same records, tree,
bound, search steps and candidates), only slower. A word is told apart from another by its
spelling; a Qu cell steps ``q`` then ``u``. See :mod:`.tree_search` for the five stages.
"""

from __future__ import annotations

from lexibench.solver.errors import InputError
from lexibench.solver.games.boggle.prove.bound import Cells, Flush, Stop, TreeBound, TreeRun
from lexibench.solver.games.boggle.prove.plan import ProofPlan
from lexibench.structures import SteppingLexicon

#: Search steps between two asks whether to stop.
POLL_EVERY = 1 << 12


class _StoppedError(Exception):
    pass


class StepTree(TreeBound):
    """The bound of a proof plan's board classes over a stepping lexicon (one class at a
    time)."""

    def __init__(self, lexicon: SteppingLexicon, plan: ProofPlan):
        super().__init__(plan)
        self.lexicon = lexicon

    def run(
        self, cells: Cells, stop: Stop | None = None, flush: Flush | None = None
    ) -> TreeRun | None:
        """As :meth:`.tree_search.TreeProver.run`, with each cell's letters as a string."""
        try:
            return _Run(self, cells, stop, flush).result()
        except _StoppedError:
            return None


def _grow(columns: tuple[list[int], ...], count: int) -> int:
    """``count`` new nodes in the flat lists ``columns`` (one field of every node each), zeroed:
    the index of the first."""
    first = len(columns[0])
    for column in columns:
        column += [0] * count
    return first


class _Run:
    """One class: the records, the tree's flat lists, the search."""

    def __init__(
        self, tree: StepTree, cells: Cells, stop: Stop | None, flush: Flush | None
    ) -> None:
        plan = tree.plan
        n = len(cells)
        order = plan.order
        if sorted(order) != list(range(n)) or len(tree.nbrs) != n:
            raise ValueError("one neighbour list per cell, and every cell once in the order")
        self.cells = cells
        self.nbrs = tree.nbrs
        self.order = order
        self.position = [0] * n
        for position, cell in enumerate(order):
            self.position[cell] = position
        self.target = plan.target
        self.switchover = plan.switchover
        self.force_limit = plan.force_limit
        self.max_candidates = plan.max_candidates
        self.stop = stop
        self.flush = flush
        self.flushed = 0
        self.weights = plan.weights
        self.min_length = plan.min_length
        self.lexicon = tree.lexicon
        # Key layout: a field per cell, the first in split order highest.
        self.shift = [0] * n
        self.width = [0] * n
        self.position_of_bit: list[int] = []
        bits = 0
        for position in range(n - 1, -1, -1):
            cell = order[position]
            self.width[cell] = len(cells[cell]).bit_length()
            self.shift[cell] = bits
            self.position_of_bit += [position] * self.width[cell]
            bits += self.width[cell]
        self.tail = [0] * (n + 1)
        for position in range(n - 1, -1, -1):
            cell = order[position]
            field = ((1 << self.width[cell]) - 1) << self.shift[cell]
            self.tail[position] = self.tail[position + 1] | field
        self.records: list[tuple[int, str]] = []
        self.distinct = 0
        self.sum_points: list[int] = []
        self.sum_first: list[int] = []
        self.sum_count: list[int] = []
        self.sum_bound: list[int] = []
        self.choice_bound: list[int] = []
        self.choice_mask: list[int] = []
        self.choice_first: list[int] = []
        self.choice_cell: list[int] = []
        self.steps = 0
        self.candidates: list[tuple[int, bytes]] = []

    def result(self) -> TreeRun:
        root = self.lexicon.root()
        for cell in range(len(self.cells)):
            self._walk(cell, root, 0, 0, 0, "")
        self.records.sort()
        self._new_sums(1)
        bound = self._build_sum(0, 0, len(self.records), 0)
        sums, choices = len(self.sum_points), len(self.choice_bound)
        if bound >= self.target:
            n = len(self.cells)
            self.stacks: list[list[int]] = [[] for _ in range(n)]
            self.sums = [0] * n
            self.choice_of = [0] * n
            self._attack(0, 0)
        return TreeRun(
            len(self.records),
            self.distinct,
            sums,
            choices,
            bound,
            self.steps,
            tuple(self.candidates),
            self.flushed,
        )

    # 1. paths
    def _walk(self, cell: int, parent: object, used: int, key: int, length: int, word: str) -> None:
        child = self.lexicon.child
        here = used | (1 << cell)
        for j, letter in enumerate(self.cells[cell]):
            node = child(parent, letter)
            if node is None:
                continue
            size = length + 1
            spelled = word + letter
            if letter == "q":  # the Qu tile
                node = child(node, "u")
                if node is None:
                    continue
                size += 1
                spelled += "u"
            chosen = key | (j + 1) << self.shift[cell]
            if size >= self.min_length and self.lexicon.is_terminal(node):
                self.records.append((chosen, spelled))
            for nb in self.nbrs[cell]:
                if not here >> nb & 1:
                    self._walk(nb, node, here, chosen, size, spelled)

    # 3. tree
    def _new_sums(self, count: int) -> int:
        return _grow((self.sum_points, self.sum_first, self.sum_count, self.sum_bound), count)

    def _new_choices(self, count: int) -> int:
        return _grow(
            (self.choice_bound, self.choice_mask, self.choice_first, self.choice_cell), count
        )

    def _points(self, lo: int, hi: int) -> int:
        last = len(self.weights) - 1
        words = {word for _, word in self.records[lo:hi]}
        self.distinct += len(words)
        return sum(self.weights[min(len(word), last)] for word in words)

    def _next_position(self, key: int, tail: int) -> int:
        return self.position_of_bit[(key & tail).bit_length() - 1]

    def _build_sum(self, node: int, lo: int, hi: int, fixed: int) -> int:
        records = self.records
        tail = self.tail[fixed]
        i = lo
        while i < hi and not records[i][0] & tail:
            i += 1
        total = self._points(lo, i)
        groups: list[tuple[int, int, int]] = []  # (start, end, split position)
        j = i
        while j < hi:
            position = self._next_position(records[j][0], tail)
            start = j
            j += 1
            while j < hi and self._next_position(records[j][0], tail) == position:
                j += 1
            groups.append((start, j, position))
        first = self._new_choices(len(groups)) if groups else 0
        self.sum_points[node] = total
        self.sum_first[node] = first
        self.sum_count[node] = len(groups)
        for g, (start, end, position) in enumerate(groups):
            total += self._build_choice(first + g, start, end, position)
        self.sum_bound[node] = total
        return total

    def _build_choice(self, node: int, lo: int, hi: int, position: int) -> int:
        cell = self.order[position]
        shift = self.shift[cell]
        field = (1 << self.width[cell]) - 1
        records = self.records
        groups: list[tuple[int, int]] = []
        mask = 0
        j = lo
        while j < hi:
            letter = (records[j][0] >> shift & field) - 1
            mask |= 1 << letter
            start = j
            j += 1
            while j < hi and (records[j][0] >> shift & field) - 1 == letter:
                j += 1
            groups.append((start, j))
        first = self._new_sums(len(groups))
        self.choice_cell[node] = cell
        self.choice_mask[node] = mask
        self.choice_first[node] = first
        best = 0
        for t, (start, end) in enumerate(groups):
            best = max(best, self._build_sum(first + t, start, end, position + 1))
        self.choice_bound[node] = best
        return best

    # 4. search
    def _step(self) -> None:
        self.steps += 1
        if self.stop is not None and self.steps % POLL_EVERY == 0 and self.stop():
            raise _StoppedError

    def _search(self, position: int, points: int, rest: int) -> None:
        self._step()
        if points + rest < self.target:
            return
        n = len(self.cells)
        if position == n:
            if len(self.candidates) >= self.max_candidates and self.flush is not None:
                self.flush(b"".join(c for _, c in self.candidates), len(self.candidates))
                self.flushed += len(self.candidates)
                self.candidates.clear()
            if len(self.candidates) >= self.max_candidates:
                raise InputError(
                    f"more than {self.max_candidates:,} boards of one class may reach the "
                    f"target {self.target:,}: too low a target for a proof"
                )
            letters = [0] * n
            for p, cell in enumerate(self.order):
                letters[cell] = self.choice_of[p]
            self.candidates.append((points + rest, bytes(letters)))
            return
        cell = self.order[position]
        later = self.order[position + 1 :]
        saved = [(len(self.stacks[c]), self.sums[c]) for c in later]
        after = rest - self.sums[cell]
        waiting = list(self.stacks[cell])
        for j in range(len(self.cells[cell])):
            bit = 1 << j
            gained = points
            added = 0
            for c2 in waiting:
                mask = self.choice_mask[c2]
                if not mask & bit:
                    continue
                child = self.choice_first[c2] + (mask & (bit - 1)).bit_count()
                gained += self.sum_points[child]
                first = self.sum_first[child]
                for c3 in range(first, first + self.sum_count[child]):
                    c = self.choice_cell[c3]
                    self.stacks[c].append(c3)
                    self.sums[c] += self.choice_bound[c3]
                    added += self.choice_bound[c3]
            self.choice_of[position] = j
            self._search(position + 1, gained, after + added)
            for c, (length, total) in zip(later, saved, strict=True):
                del self.stacks[c][length:]
                self.sums[c] = total

    # 5. forcing the top cells (merging)
    def _position(self, choice: int) -> int:
        return self.position[self.choice_cell[choice]]

    def _copy_choice(self, dst: int, src: int) -> None:
        self.choice_cell[dst] = self.choice_cell[src]
        self.choice_mask[dst] = self.choice_mask[src]
        self.choice_first[dst] = self.choice_first[src]
        self.choice_bound[dst] = self.choice_bound[src]

    def _copy_sum(self, dst: int, src: int) -> None:
        self.sum_points[dst] = self.sum_points[src]
        self.sum_first[dst] = self.sum_first[src]
        self.sum_count[dst] = self.sum_count[src]
        self.sum_bound[dst] = self.sum_bound[src]

    def _merge_sums(self, dst: int, a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
        """Sum node ``dst`` as the merge of two given as (points, first choice, choices)."""
        (a_points, a_first, a_count), (b_points, b_first, b_count) = a, b
        pairs: list[tuple[int, int]] = []  # (a's choice or -1, b's choice or -1)
        i = k = 0
        while i < a_count or k < b_count:
            pa = self._position(a_first + i) if i < a_count else -1
            pb = self._position(b_first + k) if k < b_count else -1
            pairs.append((a_first + i if pa >= pb else -1, b_first + k if pb >= pa else -1))
            i += pa >= pb
            k += pb >= pa
        first = self._new_choices(len(pairs)) if pairs else 0
        total = a_points + b_points
        for t, (x, y) in enumerate(pairs):
            if x >= 0 and y >= 0:
                total += self._merge_choices(first + t, x, y)
            else:
                self._copy_choice(first + t, max(x, y))
                total += self.choice_bound[max(x, y)]
        self.sum_points[dst] = a_points + b_points
        self.sum_first[dst] = first
        self.sum_count[dst] = len(pairs)
        self.sum_bound[dst] = total
        return total

    def _merge_choices(self, dst: int, x: int, y: int) -> int:
        """Choice node ``dst`` as the merge of ``x`` and ``y`` (one cell)."""
        mx, my = self.choice_mask[x], self.choice_mask[y]
        fx, fy = self.choice_first[x], self.choice_first[y]
        first = self._new_sums((mx | my).bit_count())
        best = t = 0
        for letter in range((mx | my).bit_length()):
            bit = 1 << letter
            if not (mx | my) & bit:
                continue
            if mx & my & bit:
                bound = self._merge_sums(
                    first + t,
                    (self.sum_points[fx], self.sum_first[fx], self.sum_count[fx]),
                    (self.sum_points[fy], self.sum_first[fy], self.sum_count[fy]),
                )
            else:
                src = fx if mx & bit else fy
                self._copy_sum(first + t, src)
                bound = self.sum_bound[src]
            fx += bool(mx & bit)
            fy += bool(my & bit)
            best = max(best, bound)
            t += 1
        self.choice_cell[dst] = self.choice_cell[x]
        self.choice_mask[dst] = mx | my
        self.choice_first[dst] = first
        self.choice_bound[dst] = best
        return best

    def _attack(self, root: int, position: int) -> None:
        """Force the cell at ``position`` by merging while the tree under ``root`` is above
        the switchover, else search it (as :meth:`.tree_search.TreeProver._attack`)."""
        bound, points = self.sum_bound[root], self.sum_points[root]
        first, count = self.sum_first[root], self.sum_count[root]
        n = len(self.cells)
        if bound < self.target or bound <= self.switchover or position >= min(self.force_limit, n):
            for c in range(first, first + count):
                self.stacks[self.choice_cell[c]].append(c)
                self.sums[self.choice_cell[c]] += self.choice_bound[c]
            self._search(position, points, bound - points)
            for cell in self.order[position:]:
                self.stacks[cell].clear()
                self.sums[cell] = 0
            return
        self._step()
        cell = self.order[position]
        last = first + count - 1
        top = last if count and self.choice_cell[last] == cell else -1
        for j in range(len(self.cells[cell])):
            sums, choices = len(self.sum_points), len(self.choice_bound)
            self.choice_of[position] = j
            forced = root
            if top >= 0:
                forced = self._new_sums(1)
                mask, bit = self.choice_mask[top], 1 << j
                if mask & bit:
                    child = self.choice_first[top] + (mask & (bit - 1)).bit_count()
                    self._merge_sums(
                        forced,
                        (self.sum_points[child], self.sum_first[child], self.sum_count[child]),
                        (points, first, count - 1),
                    )
                else:  # no word uses the letter here: the tree without the cell's choice
                    self.sum_points[forced] = points
                    self.sum_first[forced] = first
                    self.sum_count[forced] = count - 1
                    self.sum_bound[forced] = bound - self.choice_bound[top]
            self._attack(forced, position + 1)
            for column in (self.sum_points, self.sum_first, self.sum_count, self.sum_bound):
                del column[sums:]
            for column in (self.choice_bound, self.choice_mask, self.choice_first):
                del column[choices:]
            del self.choice_cell[choices:]
