/*
 * Sudoku Explainer's own list of every step at a position: Solver.getAllHints, the list its
 * window's "Get all hints" shows (SukakuExplainer v1.15.10, LGPL-2.1), printed for the tests
 * of `hint se all` (tests/oracles/se_all_hints.py compiles and runs it against serate.jar; run
 * by hand, never by the tests). A line a position on standard input (81 characters, or 729:
 * each cell's nine places, its digit or '.'), read as serate reads it; for each, "# LINE",
 * then one line a hint in getAllHints's order: its rating, its technique's name, the value it
 * places (rNcN=D or -), the candidates it removes (rNcN<>D, cells and digits ascending, or -),
 * and its toString() (serate's %s), separated by tabs.
 */
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import diuf.sudoku.Cell;
import diuf.sudoku.Grid;
import diuf.sudoku.Settings;
import diuf.sudoku.solver.Hint;
import diuf.sudoku.solver.IndirectHint;
import diuf.sudoku.solver.Rule;
import diuf.sudoku.solver.Solver;

public class SeAllHints {
    private static String label(int index) {
        return "r" + (index / 9 + 1) + "c" + (index % 9 + 1);
    }

    public static void main(String[] args) throws Exception {
        Settings.getInstance().setNumThreads(1);
        Settings.getInstance().Settings_Variants(); // serate's default techniques
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.length() < 81) continue;
            Grid grid = new Grid();
            grid.fromString(line);
            grid.adjustPencilmarks();
            Solver solver = new Solver(grid);
            if (line.length() < 729) solver.rebuildPotentialValues();
            List<Hint> hints = solver.getAllHints(question -> true);
            System.out.println("# " + line);
            for (Hint hint : hints) {
                String placed = "-";
                Cell cell = hint.getCell();
                if (cell != null) placed = label(cell.getIndex()) + "=" + hint.getValue();
                TreeSet<Integer> removed = new TreeSet<Integer>();
                if (hint instanceof IndirectHint) {
                    for (Map.Entry<Cell, BitSet> entry :
                            ((IndirectHint) hint).getRemovablePotentials().entrySet()) {
                        BitSet digits = entry.getValue();
                        for (int d = digits.nextSetBit(0); d >= 0; d = digits.nextSetBit(d + 1))
                            removed.add(entry.getKey().getIndex() * 10 + d);
                    }
                }
                List<String> removals = new ArrayList<String>();
                for (int item : removed) removals.add(label(item / 10) + "<>" + item % 10);
                double rating = ((Rule) hint).getDifficulty();
                System.out.println(
                    String.format("%.1f", rating) + "\t" + ((Rule) hint).getName() + "\t" + placed
                    + "\t" + (removals.isEmpty() ? "-" : String.join(" ", removals))
                    + "\t" + hint.toString());
            }
            System.out.flush();
        }
    }
}
