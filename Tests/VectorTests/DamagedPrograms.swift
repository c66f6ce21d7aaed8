/// Damaged copies of a font program for the readers' robustness tests: every prefix, then
/// `changes` seeded single-byte changes (a linear congruential generator, so the cases are the
/// same on every run).
enum DamagedPrograms {
    static func cases(of program: [UInt8], seed: UInt64, changes: Int = 1_500) -> [[UInt8]] {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1
            return Int((state >> 33) % UInt64(n))
        }
        var cases = (0..<program.count).map { Array(program[..<$0]) }
        for _ in 0..<changes {
            var changed = program
            changed[next(changed.count)] = UInt8(next(256))
            cases.append(changed)
        }
        return cases
    }
}
