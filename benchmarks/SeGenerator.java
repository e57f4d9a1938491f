/*
 * Sudoku Explainer's own generator, the anchor of benchmarks/bench_generate.py.
 *
 * Compiled against serate.jar (SukakuExplainer v1.15.10) by the benchmark, in its temporary
 * folder. It makes minimal puzzles as Sudoku Explainer's generator makes them
 * (diuf.sudoku.generator.Generator.generate(Random, Symmetry.None): a random solution grid,
 * then givens taken away at random while the solution stays unique), rates each with
 * Solver.getDifficulty() (serate's rating, ER), and, once the process has spent SECONDS of
 * CPU (every thread's: the JIT's and the collector's too), prints one line:
 *
 *   made N cpu S er>=8.0 A er>=9.0 B
 *
 * Usage: java -cp serate.jar:. SeGenerator SECONDS SEED
 */

import java.lang.management.ManagementFactory;
import java.util.Random;

import diuf.sudoku.Grid;
import diuf.sudoku.generator.Generator;
import diuf.sudoku.generator.Symmetry;
import diuf.sudoku.solver.Solver;

public class SeGenerator {

    public static void main(String[] args) {
        double seconds = Double.parseDouble(args[0]);
        Random random = new Random(Long.parseLong(args[1]));
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Generator generator = new Generator();
        long made = 0, above8 = 0, above9 = 0;
        double cpu = 0;
        while (cpu < seconds) {
            Grid grid = generator.generate(random, Symmetry.None);
            Grid copy = new Grid();
            grid.copyTo(copy);
            Solver solver = new Solver(copy);
            solver.rebuildPotentialValues();
            solver.getDifficulty();
            made++;
            if (solver.difficulty >= 8.0)
                above8++;
            if (solver.difficulty >= 9.0)
                above9++;
            cpu = os.getProcessCpuTime() / 1e9;
        }
        System.out.printf("made %d cpu %.3f er>=8.0 %d er>=9.0 %d%n", made, cpu, above8, above9);
    }
}
