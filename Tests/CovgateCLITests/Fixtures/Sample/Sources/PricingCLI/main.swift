import Pricing

let price = Price(cents: Int(CommandLine.arguments.dropFirst().first ?? "1000") ?? 1000)
print(price.discounted(by: 10).formatted)
