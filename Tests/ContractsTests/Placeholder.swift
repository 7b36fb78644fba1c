import Contracts
