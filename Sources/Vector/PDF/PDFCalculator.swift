/// Work left for a file's functions (shared by all of them; below zero: spent).
final class PDFWorkBudget {
    var remaining: Int

    init(_ remaining: Int) {
        self.remaining = remaining
    }

    func charge(_ work: Int) throws(PDFError) {
        remaining -= work
        guard remaining >= 0 else {
            throw PDFError(
                "the file's functions take more than the \(PDFImage.maxFunctionWork) units of work ivsim spends on one file's functions (1,000 a "
                    + "function read, 1 a sample, stop or calculator step; docs/LIMITS.md): use fewer or smaller sampled and calculator functions"
            )
        }
    }
}

// Type 4 functions (ISO 32000-1 §7.10.5): a PostScript calculator program of numbers, the
// operators of Table 42 and { } blocks for if and ifelse. Integers and reals are kept apart as
// PostScript does (idiv, mod, bitshift and the bitwise operators need integers); every run is
// bounded in steps and stack depth; elementary functions come from PDFMath, so every machine
// computes the same values. An error while running (a type mismatch, an empty stack) makes
// the function's outputs 0, as a reader that cannot evaluate a function shows nothing.

struct PDFCalculator {
    indirect enum Item {
        case value(Value)
        case op(String)
        case ifBlock([Item])
        case ifElse([Item], [Item])
    }

    enum Value: Equatable {
        case int(Int)
        case real(Double)
        case bool(Bool)

        var number: Double? {
            switch self {
            case let .int(v): Double(v)
            case let .real(v): v
            case .bool: nil
            }
        }
    }

    struct Failure: Error {}

    let program: [Item]
    /// The file's budget of function work, which every step is charged to.
    let budget: PDFWorkBudget
    static let maxStack = 100
    static let maxSteps = 10_000
    static let operators: Set<String> = [
        "abs", "add", "atan", "ceiling", "cos", "cvi", "cvr", "div", "exp", "floor", "idiv", "ln", "log", "mod", "mul",
        "neg",
        "round", "sin", "sqrt", "sub", "truncate", "and", "bitshift", "eq", "ge", "gt", "le", "lt", "ne", "not", "or",
        "xor",
        "copy", "dup", "exch", "index", "pop", "roll"
    ]

    /// Reads the program `{ … }`.
    init(_ bytes: [UInt8], budget: PDFWorkBudget) throws(PDFError) {
        self.budget = budget
        var lexer = PDFLexer(bytes)
        guard case .keyword("{")? = try lexer.next() else {
            throw PDFError("a PostScript calculator function does not start with {")
        }
        program = try Self.block(&lexer, depth: 0)
    }

    private static func block(_ lexer: inout PDFLexer, depth: Int) throws(PDFError) -> [Item] {
        guard depth < 32 else { throw PDFError("a calculator function nests blocks more than 32 deep") }
        var items: [Item] = [], pending: [[Item]] = []
        while let token = try lexer.next() {
            switch token {
            case let .integer(v): items.append(.value(.int(v)))
            case let .real(v): items.append(.value(.real(v)))
            case .keyword("{"): pending.append(try block(&lexer, depth: depth + 1))
            case .keyword("}"):
                guard pending.isEmpty else { throw PDFError("a calculator block is not followed by if or ifelse") }
                return items
            case .keyword("if"):
                guard let b = pending.popLast(), pending.isEmpty else {
                    throw PDFError("\"if\" needs one block before it")
                }
                items.append(.ifBlock(b))
            case .keyword("ifelse"):
                guard pending.count == 2 else { throw PDFError("\"ifelse\" needs two blocks before it") }
                items.append(.ifElse(pending[0], pending[1]))
                pending = []
            case .keyword("true"): items.append(.value(.bool(true)))
            case .keyword("false"): items.append(.value(.bool(false)))
            case let .keyword(word):
                guard operators.contains(word) else {
                    throw PDFError("\"\(word.prefix(20))\" is not a calculator operator")
                }
                items.append(.op(word))
            default:
                throw PDFError("a calculator function holds something other than numbers, operators and blocks")
            }
        }
        throw PDFError("a calculator function's block is not closed")
    }

    /// The outputs for `inputs` (the top `count` values of the stack at the end).
    func evaluate(_ inputs: [Double], count: Int) -> [Double] {
        var stack = inputs.map { Value.real($0) }, steps = 0
        defer { budget.remaining -= steps }
        do {
            guard budget.remaining > 0 else { throw Failure() }
            try run(program, &stack, &steps)
        } catch {
            return [Double](repeating: 0, count: count)
        }
        let values = stack.suffix(count).map { $0.number ?? 0 }
        return [Double](repeating: 0, count: count - values.count) + values
    }

    private func run(_ items: [Item], _ stack: inout [Value], _ steps: inout Int) throws(Failure) {
        for item in items {
            steps += 1
            guard steps <= Self.maxSteps, stack.count <= Self.maxStack else { throw Failure() }
            switch item {
            case let .value(v): stack.append(v)
            case let .ifBlock(body):
                guard case let .bool(c)? = stack.popLast() else { throw Failure() }
                if c { try run(body, &stack, &steps) }
            case let .ifElse(yes, no):
                guard case let .bool(c)? = stack.popLast() else { throw Failure() }
                try run(c ? yes : no, &stack, &steps)
            case let .op(name):
                try apply(name, &stack)
            }
        }
    }

    private func apply(_ name: String, _ stack: inout [Value]) throws(Failure) {
        func pop() throws(Failure) -> Value {
            guard let v = stack.popLast() else { throw Failure() }
            return v
        }
        func number() throws(Failure) -> Double {
            guard let v = try pop().number else { throw Failure() }
            return v
        }
        func int() throws(Failure) -> Int {
            guard case let .int(v) = try pop() else { throw Failure() }
            return v
        }
        func real(_ v: Double) throws(Failure) {
            guard v.isFinite else { throw Failure() }
            stack.append(.real(v))
        }
        /// An arithmetic result: an integer when both operands were and it fits.
        func arithmetic(_ ints: (Int, Int) -> (Int, Bool), _ reals: (Double, Double) -> Double) throws(Failure) {
            let b = try pop(), a = try pop()
            if case let .int(x) = a, case let .int(y) = b {
                let (r, overflow) = ints(x, y)
                if !overflow { stack.append(.int(r)); return }
            }
            guard let x = a.number, let y = b.number else { throw Failure() }
            try real(reals(x, y))
        }
        func compare(_ test: (Double, Double) -> Bool) throws(Failure) {
            let b = try pop(), a = try pop()
            if case let .bool(x) = a, case let .bool(y) = b, name == "eq" || name == "ne" {
                stack.append(.bool((x == y) == (name == "eq")))
                return
            }
            guard let x = a.number, let y = b.number else { throw Failure() }
            stack.append(.bool(test(x, y)))
        }
        func logical(_ bools: (Bool, Bool) -> Bool, _ ints: (Int, Int) -> Int) throws(Failure) {
            let b = try pop(), a = try pop()
            switch (a, b) {
            case let (.bool(x), .bool(y)): stack.append(.bool(bools(x, y)))
            case let (.int(x), .int(y)): stack.append(.int(ints(x, y)))
            default: throw Failure()
            }
        }
        switch name {
        case "add": try arithmetic({ $0.addingReportingOverflow($1) }, +)
        case "sub": try arithmetic({ $0.subtractingReportingOverflow($1) }, -)
        case "mul": try arithmetic({ $0.multipliedReportingOverflow(by: $1) }, *)
        case "div":
            let b = try number(), a = try number()
            guard b != 0 else { throw Failure() }
            try real(a / b)
        case "idiv":
            let b = try int(), a = try int()
            guard b != 0, !(a == .min && b == -1) else { throw Failure() }
            stack.append(.int(a / b))
        case "mod":
            let b = try int(), a = try int()
            guard b != 0, !(a == .min && b == -1) else { throw Failure() }
            stack.append(.int(a % b))
        case "neg", "abs", "ceiling", "floor", "round", "truncate":
            let v = try pop()
            if case let .int(i) = v {
                switch name {
                case "neg": stack.append(i == .min ? .real(-Double(i)) : .int(-i))
                case "abs": stack.append(i == .min ? .real(-Double(i)) : .int(abs(i)))
                default: stack.append(.int(i))
                }
                return
            }
            guard let x = v.number else { throw Failure() }
            switch name {
            case "neg": try real(-x)
            case "abs": try real(abs(x))
            case "ceiling": try real(x.rounded(.up))
            case "floor": try real(x.rounded(.down))
            case "round": try real((x + 0.5).rounded(.down))  // PostScript: halves round up
            default: try real(x.rounded(.towardZero))
            }
        case "sqrt":
            let x = try number()
            guard x >= 0 else { throw Failure() }
            try real(x.squareRoot())
        case "sin": try real(PDFMath.sin(degrees: try number()))
        case "cos": try real(PDFMath.cos(degrees: try number()))
        case "atan":
            let dx = try number(), dy = try number()
            guard dx != 0 || dy != 0 else { throw Failure() }
            try real(PDFMath.angle(dy: dy, dx: dx))
        case "exp":
            let e = try number(), b = try number()
            try real(PDFMath.power(b, e))
        case "ln", "log":
            let x = try number()
            guard x > 0 else { throw Failure() }
            try real(name == "ln" ? PDFMath.ln(x) : PDFMath.ln(x) / PDFMath.ln(10))
        case "cvi":
            let x = try number()
            guard abs(x) < 9e18 else { throw Failure() }
            stack.append(.int(Int(x.rounded(.towardZero))))
        case "cvr": try real(try number())
        case "eq": try compare(==)
        case "ne": try compare(!=)
        case "ge": try compare(>=)
        case "gt": try compare(>)
        case "le": try compare(<=)
        case "lt": try compare(<)
        case "and": try logical({ $0 && $1 }, &)
        case "or": try logical({ $0 || $1 }, |)
        case "xor": try logical({ $0 != $1 }, ^)
        case "not":
            switch try pop() {
            case let .bool(b): stack.append(.bool(!b))
            case let .int(i): stack.append(.int(~i))
            default: throw Failure()
            }
        case "bitshift":
            let shift = try int(), v = try int()
            stack.append(.int(abs(shift) >= 64 ? 0 : shift >= 0 ? v << shift : v >> -shift))
        case "dup":
            guard let top = stack.last else { throw Failure() }
            stack.append(top)
        case "pop": _ = try pop()
        case "exch":
            let b = try pop(), a = try pop()
            stack += [b, a]
        case "copy":
            let n = try int()
            guard n >= 0, n <= stack.count else { throw Failure() }
            stack += stack.suffix(n)
        case "index":
            let n = try int()
            guard n >= 0, n < stack.count else { throw Failure() }
            stack.append(stack[stack.count - 1 - n])
        case "roll":
            let j = try int(), n = try int()
            guard n >= 0, n <= stack.count else { throw Failure() }
            guard n > 0 else { return }
            let shift = ((j % n) + n) % n
            let top = Array(stack.suffix(n))
            stack.removeLast(n)
            stack += Array(top[(n - shift)...] + top[..<(n - shift)])
        default:
            throw Failure()
        }
    }
}
